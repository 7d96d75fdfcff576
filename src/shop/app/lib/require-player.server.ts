import { redirect } from "react-router";
import type { Profile } from "@/src/contract/portal";
import { portalUrl } from "@/src/shop/app/middleware/registry.server";
import type { RequestContext } from "@/src/shop/app/request-context";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";

/** The portal's login page, coming back to the page asked for. */
function toLogin(ctx: RequestContext, request: Request): Response {
  const url = new URL(request.url);
  return redirect(portalUrl("inloggen", url.pathname + url.search, ctx.services.config));
}

/**
 * The logged-in player of a /mijn or checkout loader. The `auth` route middleware already sent anonymous
 * visitors to the portal; a session that ended in between sends the player there too.
 */
export async function requirePlayer(ctx: RequestContext, request: Request): Promise<Profile> {
  const player = await ctx.player();
  if (!player) throw toLogin(ctx, request);
  return player;
}

/**
 * A call made for the logged-in player. A 401 (the session ended after the profile was read, or the shop
 * API and the portal disagree) sends the player to log in again instead of showing the error page.
 */
export async function asPlayer<T>(ctx: RequestContext, request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw toLogin(ctx, request);
    throw error;
  }
}

/** The shop API as the logged-in player: every call goes through `asPlayer`. */
export function playerShop(ctx: RequestContext, request: Request): ApiCaller {
  return { call: (endpoint, input) => asPlayer(ctx, request, ctx.clients.shop.call(endpoint, input)) };
}
