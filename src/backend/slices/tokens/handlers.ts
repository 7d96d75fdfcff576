import { type HandlerContext, implement } from "@/src/backend/http/router";
import { getPortalToken, getShopToken } from "@/src/contract/tokens";
import { CachePolicy } from "@/src/lib/cache-policy";

/** The token is bound to the session; a visitor without one gets a session id cookie with it. */
function tokenFor({ req, res, services }: HandlerContext) {
  res.setHeader("Cache-Control", CachePolicy.noStore);
  return { token: services.sessions.antiForgeryToken(services.sessions.ensureSessionId(req, res)) };
}

export const tokenHandlers = [
  implement(getShopToken, async (_input, context) => tokenFor(context)),
  implement(getPortalToken, async (_input, context) => tokenFor(context)),
];
