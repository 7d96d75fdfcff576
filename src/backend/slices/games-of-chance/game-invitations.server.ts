import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { communicationPreferences } from "@/src/backend/db/schema";
import type { Vertical } from "@/src/domain/communication-preferences/preferences";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { type GameLinkTarget, gameLinkPathFor, gameLinkTargets } from "./games.server";

/**
 * A game's invitations (issue 42): the marketing e-mail with each player's personal link, queued once the
 * game is open for every player the link would enter tickets for and whose e-mail of the Kroonloterij is on.
 * At most one per game and player (the outbox key), however often it runs.
 */

/** The games of chance are the Kroonloterij's: its e-mail preference decides, its unsubscribe link ends it. */
const VERTICAL: Vertical = "kroonloterij";

/** Player ids per query: the preference lookup stays well under the database's parameter limit. */
const BATCH = 1000;

/** The targets whose e-mail preference of the vertical is on (never chosen is off). */
async function withEmailOn(db: Db, targets: readonly GameLinkTarget[]): Promise<GameLinkTarget[]> {
  const on = new Set<string>();
  for (let start = 0; start < targets.length; start += BATCH) {
    const ids = targets.slice(start, start + BATCH).map((target) => target.playerId);
    const rows = await db
      .select({ playerId: communicationPreferences.playerId })
      .from(communicationPreferences)
      .where(
        and(
          inArray(communicationPreferences.playerId, ids),
          eq(communicationPreferences.vertical, VERTICAL),
          eq(communicationPreferences.channel, "email"),
          eq(communicationPreferences.enabled, true),
        ),
      );
    for (const row of rows) on.add(row.playerId);
  }
  return targets.filter((target) => on.has(target.playerId));
}

export const invitationKey = (pageId: string, playerId: string) => `game-invitation:${pageId}:${playerId}`;

/**
 * Queues the game's invitations (a game without personal links gets none); answers how many were queued
 * now, leaving out players invited before.
 */
export async function queueGameInvitations(
  db: Db,
  page: GamePage,
  options: { secret: string; now: Date },
): Promise<number> {
  if (!page.entryMethods.includes("link")) return 0;
  const targets = (await gameLinkTargets(db, page)).filter((target) => target.ticketIds.length > 0);
  let queued = 0;
  for (const target of await withEmailOn(db, targets)) {
    const fresh = await queueEmail(db, {
      kind: "game-invitation",
      recipient: target.email,
      playerId: target.playerId,
      key: invitationKey(page.pageId, target.playerId),
      data: {
        firstName: target.firstName,
        gameTitle: page.title,
        prize: page.prizeText,
        tickets: target.ticketIds.length,
        entryPath: gameLinkPathFor(options.secret, page, target, options.now),
        endsOn: amsterdamIsoDate(page.endsAt),
      },
    });
    if (fresh) queued += 1;
  }
  return queued;
}
