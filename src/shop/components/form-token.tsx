/**
 * The form field carrying this browser's anti-forgery token (spec section 2), named as the API's header:
 * a page's form that posts to the server (a route action, the logout) sends it back, so another site's
 * form, which cannot read it, is refused.
 */
export const FORM_TOKEN_FIELD = "RequestVerificationToken";

/** The hidden token field of a form the server rendered. */
export function FormToken({ token }: { token: string }) {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />;
}
