import { Link } from "react-router";
import { passwordResetPages as text } from "@/src/lib/messages";

/**
 * The answers of the password reset pages (issue 43) that show no form: small and static, so the pages
 * render them without loading the forms' code.
 */

/** What every request is answered with, whether or not the address has an account. */
export function ForgotPasswordSent({ query }: { query: string }) {
  return (
    <>
      <p role="status">{text.sent}</p>
      <p>
        <Link to={`/inloggen${query}`}>{text.backToLogin}</Link>
      </p>
    </>
  );
}

/** Why the link does not work (unknown, used, replaced, expired), and the way to a new one. */
export function ResetLinkRefused({ reason, query }: { reason: string; query: string }) {
  return (
    <>
      <p className="form-error" role="alert">
        {reason}
      </p>
      <p>
        <Link to={`/wachtwoord-vergeten${query}`}>{text.requestNew}</Link>
      </p>
    </>
  );
}

/** The new password is set: on to the login. */
export function PasswordChanged({ query }: { query: string }) {
  return (
    <>
      <p role="status">{text.changed}</p>
      <p>
        <Link className="button" to={`/inloggen${query}`}>
          {text.toLogin}
        </Link>
      </p>
    </>
  );
}
