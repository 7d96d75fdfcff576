import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "@/src/api/client/api-error";
import { login } from "@/src/api/contract/authentication";
import { useApiClients } from "@/src/components/api-context";
import { FormField } from "@/src/components/form-field";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { safeRedirectTarget } from "@/src/domain/portal/redirect-target";
import { general, portal } from "@/src/lib/messages";
import { FormActions } from "./form-actions";
import { RecaptchaWidget } from "./recaptcha-widget";

/** The embedded portal's login (spec section 1): on success the player goes back to `returnUrl`. */
export function LoginForm({ params }: { params: PortalParams }) {
  const { portal: client } = useApiClients();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();
  const [needsRecaptcha, setNeedsRecaptcha] = useState(false);
  const [recaptchaToken, setRecaptchaToken] = useState<string | undefined>();
  const [recaptchaMissing, setRecaptchaMissing] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (needsRecaptcha && !recaptchaToken) return setRecaptchaMissing(true);
    setRecaptchaMissing(false);
    setPending(true);
    setError(undefined);
    try {
      await client.call(login, {
        body: {
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
          gRecaptchaResponse: recaptchaToken,
        },
      });
      // A full load: the header, the cache and every query start over as the logged-in player.
      window.location.assign(safeRedirectTarget(params.returnUrl, params.redirectTargets));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : undefined);
      // Spec section 8: RateLimitError and RecaptchaNotValidError ask for the reCAPTCHA.
      if (caught instanceof ApiError && caught.recaptchaRequired) setNeedsRecaptcha(true);
      setRecaptchaToken(undefined);
      setPending(false);
    }
  };

  return (
    <form className="portal-form" onSubmit={onSubmit} noValidate>
      {error ? (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <FormField
        id="email"
        label={portal.email}
        type="email"
        autoComplete="email"
        required
        error={error?.fieldErrors.email?.[0]}
      />
      <FormField
        id="password"
        label={portal.password}
        type="password"
        autoComplete="current-password"
        required
        error={error?.fieldErrors.password?.[0]}
      />
      {needsRecaptcha ? (
        <RecaptchaWidget key={error?.code ?? "recaptcha"} onToken={setRecaptchaToken} />
      ) : null}
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
    </form>
  );
}
