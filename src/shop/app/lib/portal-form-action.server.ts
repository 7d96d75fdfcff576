import { data, redirectDocument } from "react-router";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { portal } from "@/src/lib/messages";
import type { RequestContext } from "@/src/shop/app/request-context";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { formFailure, type PortalFormResult } from "@/src/shop/slices/portal/form-result";
import { readFormPost } from "./form-post.server";
import { checkFormToken } from "./form-token.server";
import { portalParams } from "./portal-params.server";

type PortalFormAction = {
  /** Calls the portal API with the form's fields; fails with the API's `ApiError`. */
  submit: (portal: ApiCaller, form: URLSearchParams) => Promise<void>;
  /** The fields the form is shown with again after a failure (never the password). */
  keep: readonly string[];
  /** Where the player goes after success, from the page's (already safe) portal parameters. */
  next: (params: PortalParams) => string;
  /** False for a form that shows no reCAPTCHA (the registration): too many attempts say to wait instead. */
  recaptcha?: boolean;
};

/** A failed attempt's answer status: the API's, or 502 when no answer came. */
function failureStatus(error: ApiError): number {
  return error.status >= 400 && error.status < 600 ? error.status : 502;
}

/**
 * The server side of a portal form (login, registration), the same with JavaScript (React Router's
 * `<Form>`) and without (the browser's own POST): the form is read, its anti-forgery token checked, the
 * portal API called through the request's client, whose `Set-Cookie` (the new session, the flash) go to
 * the browser with the answer; then a 303 to the safe next address, as a full page load so every part of
 * the page starts over as the logged-in player. A failure shows the page again with the API's Dutch
 * message, the field errors and what was entered, never the password. Credentials travel only in the
 * POST body (DESIGN section 8).
 */
export async function portalFormAction(
  request: Request,
  ctx: RequestContext,
  { submit, keep, next, recaptcha = true }: PortalFormAction,
): Promise<Response | ReturnType<typeof data<PortalFormResult>>> {
  const params = portalParams(request, ctx);
  const form = await readFormPost(request);
  const values = Object.fromEntries(
    keep.flatMap((name) => (form.has(name) ? [[name, form.get(name) ?? ""]] : [])),
  );
  let token = "";
  try {
    const check = await checkFormToken(ctx, form);
    token = check.token;
    if (!check.valid) {
      ctx.log.warn({ event: "portal_form_refused" }, "portal form without a valid anti-forgery token");
      const result = {
        message: portal.formExpired,
        fieldErrors: {},
        recaptchaRequired: false,
        values,
        token,
      };
      return data(result, { status: 403 });
    }
    await submit(ctx.clients.portal, form);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(formFailure(error, values, token, { recaptcha }), { status: failureStatus(error) });
  }
  return redirectDocument(next(params), 303);
}
