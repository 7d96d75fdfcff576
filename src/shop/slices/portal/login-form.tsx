import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { general, passwordResetPages, portal } from "@/src/lib/messages";
import { FormField } from "@/src/shop/components/form-field";
import { FormActions } from "./form-actions";
import { PortalForm, type PortalFormProps, usePortalFormPending } from "./portal-form";
import { RecaptchaField, useRecaptcha } from "./recaptcha-field";

/**
 * The embedded portal's login (spec section 1). The form posts to the page's own action (see `PortalForm`);
 * on success the action sends the player on to `returnUrl`, on failure the page shows `result`.
 */
export function LoginForm({ params, token, result }: PortalFormProps) {
  const recaptcha = useRecaptcha(result);
  const [recaptchaMissing, setRecaptchaMissing] = useState(false);
  const pending = usePortalFormPending();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With the widget on the page, a login without its token would only be refused again.
    const missing = recaptcha.needed && !recaptcha.token;
    setRecaptchaMissing(missing);
    if (missing) event.preventDefault();
  };

  return (
    <PortalForm path="/inloggen" params={params} token={token} result={result} onSubmit={onSubmit}>
      <FormField
        id="email"
        label={portal.email}
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values.email}
        error={result?.fieldErrors.email?.[0]}
      />
      <FormField
        id="password"
        label={portal.password}
        type="password"
        autoComplete="current-password"
        required
        error={result?.fieldErrors.password?.[0]}
      />
      <p>
        <Link to={`/wachtwoord-vergeten${params.query}`}>{passwordResetPages.forgotLink}</Link>
      </p>
      <RecaptchaField recaptcha={recaptcha} />
      {recaptchaMissing ? (
        <p className="form-field__error" role="alert">
          {general.recaptchaMissing}
        </p>
      ) : null}
      <FormActions
        pending={pending}
        label={portal.loginButton}
        pendingLabel={portal.loggingIn}
        cancelUrl={params.cancelUrl}
        cancelLabel={portal.cancel}
      />
      <p>
        {portal.noAccount} <Link to={`/aanmelden${params.query}`}>{portal.registerLink}</Link>
      </p>
    </PortalForm>
  );
}
