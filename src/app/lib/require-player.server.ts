import type { Profile } from "@/src/api/contract/portal";
import type { RequestContext } from "@/src/app/request-context";

/**
 * The logged-in player of a /mijn loader. The `auth` route middleware already sent anonymous visitors to
 * the portal; a session that ended in between answers 401.
 */
export async function requirePlayer(ctx: RequestContext): Promise<Profile> {
  const player = await ctx.player();
  if (!player) throw new Response(null, { status: 401 });
  return player;
}
