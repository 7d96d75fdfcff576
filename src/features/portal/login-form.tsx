import { type FormEvent, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormField } from "@/src/components/form-field";
import { FormToken } from "@/src/components/form-token";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { general, portal } from "@/src/lib/messages";
import { FormActions } from "./form-actions";
import type { PortalFormResult } from "./form-result";
import { RecaptchaField, useRecaptcha } from "./recaptcha-field";

/**
 * The embedded portal's login (spec section 1). The form posts to the page's own action, with JavaScript
 * (React Router's `<Form>`) and without (the browser's POST), so the password travels only in the body;
 * on success the action sends the player on to `returnUrl`, on failure the page shows `result`.
 */
export function LoginForm({
  params,
  token,
  result,
}: {
  params: PortalParams;
  token: string;
  result?: PortalFormResult;
}) {
  const navigation = useNavigation();
  const recaptcha = useRecaptcha(result);
  const [recaptchaMissing, setRecaptchaMissing] = useState(false);
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With the widget on the page, a login without its token would only be refused again.
    const missing = recaptcha.needed && !recaptcha.token;
    setRecaptchaMissing(missing);
    if (missing) event.preventDefault();
  };

  return (
    <Form
      method="post"
      action={`/inloggen${params.query}`}
      className="portal-form"
      onSubmit={onSubmit}
      noValidate
      preventScrollReset
    >
      <FormToken token={result?.token ?? token} />
      {result ? (
        <p className="form-error" role="alert">
          {result.message}
        </p>
      ) : null}
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
    </Form>
  );
}
