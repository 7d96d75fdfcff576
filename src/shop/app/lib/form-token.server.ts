import { timingSafeEqual } from "node:crypto";
import { getPortalToken } from "@/src/contract/tokens";
import type { RequestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { FORM_TOKEN_FIELD } from "@/src/shop/components/form-token";

/**
 * This browser's anti-forgery token for a form the page renders, from the API that holds the session (the
 * token is bound to it; a visitor without a session gets one, and its cookie, with the token). Empty when
 * the API cannot be asked: the page still shows, and posting the form says it has expired.
 */
export async function formToken(ctx: RequestContext): Promise<string> {
  try {
    return (await ctx.clients.portal.call(getPortalToken)).token;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    ctx.log.warn({ status: error.status }, "no anti-forgery token for the page's form");
    return "";
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a posted form carries this browser's token (DESIGN section 8: a route action calls the API
 * in-process, where no token is asked, so the action checks its form's token itself). The current token
 * comes back too, for the form the page shows again. With SameSite cookies another site's post carries no
 * session at all, and React Router refuses an action whose `Origin` is another site's.
 */
export async function checkFormToken(
  ctx: RequestContext,
  form: URLSearchParams,
): Promise<{ valid: boolean; token: string }> {
  const sent = form.get(FORM_TOKEN_FIELD) ?? "";
  const token = (await ctx.clients.portal.call(getPortalToken)).token;
  return { valid: sent !== "" && sameText(sent, token), token };
}
