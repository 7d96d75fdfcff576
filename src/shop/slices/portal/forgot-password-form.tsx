import { Link } from "react-router";
import { portal, passwordResetPages as text } from "@/src/lib/messages";
import { FormField } from "@/src/shop/components/form-field";
import { FormActions } from "./form-actions";
import { PortalForm, type PortalFormProps, usePortalFormPending } from "./portal-form";
import { RecaptchaField, RecaptchaMissing, useRecaptchaGuard } from "./recaptcha-field";

/**
 * "Wachtwoord vergeten?" (issue 43): the account's e-mail address, posted to the page's own action, which
 * sends the player on to the page's answer (`ForgotPasswordSent`). After many requests for one address the
 * form asks for the reCAPTCHA, as the login does.
 */
export function ForgotPasswordForm({ params, token, result }: PortalFormProps) {
  const { recaptcha, missing, onSubmit } = useRecaptchaGuard(result);
  const pending = usePortalFormPending();

  return (
    <PortalForm
      path="/wachtwoord-vergeten"
      params={params}
      token={token}
      result={result}
      fields={["email"]}
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
      <RecaptchaField recaptcha={recaptcha} />
      <RecaptchaMissing missing={missing} />
      <FormActions
        pending={pending}
        label={text.send}
        pendingLabel={text.sending}
        cancelUrl={params.cancelUrl}
        cancelLabel={portal.cancel}
      />
      <p>
        <Link to={`/inloggen${params.query}`}>{text.backToLogin}</Link>
      </p>
    </PortalForm>
  );
}
