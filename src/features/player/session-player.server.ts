import type { RequestContext } from "@/src/server/request-context";
import type { SessionPlayer } from "@/src/server/session/session.server";

/** The logged-in player of a /mijn loader; the `auth` route middleware already sent anonymous visitors away. */
export async function requireSessionPlayer(request: Request, ctx: RequestContext): Promise<SessionPlayer> {
  const player = await ctx.services.sessions.playerForCookieHeader(request.headers.get("cookie"));
  if (!player) throw new Response(null, { status: 401 });
  return player;
}
