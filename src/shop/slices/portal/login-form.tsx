import { Link } from "react-router";
import { passwordResetPages, portal } from "@/src/lib/messages";
import { FormField } from "@/src/shop/components/form-field";
import { FormActions } from "./form-actions";
import { PortalForm, type PortalFormProps, usePortalFormPending } from "./portal-form";
import { RecaptchaField, RecaptchaMissing, useRecaptchaGuard } from "./recaptcha-field";

/**
 * The embedded portal's login (spec section 1). The form posts to the page's own action (see `PortalForm`);
 * on success the action sends the player on to `returnUrl`, on failure the page shows `result`.
 */
export function LoginForm({ params, token, result }: PortalFormProps) {
  const { recaptcha, missing, onSubmit } = useRecaptchaGuard(result);
  const pending = usePortalFormPending();

  return (
    <PortalForm
      path="/inloggen"
      params={params}
      token={token}
      result={result}
      fields={["email", "password"]}
      onSubmit={onSubmit}
    >
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
      <RecaptchaMissing missing={missing} />
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
