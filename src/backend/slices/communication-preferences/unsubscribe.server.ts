import { eq } from "drizzle-orm";
import { players } from "@/src/backend/db/schema";
import { readUnsubscribeToken } from "@/src/backend/emails/unsubscribe-token";
import { isVertical, type Vertical } from "@/src/domain/communication-preferences/preferences";
import { DomainError } from "@/src/domain/domain-error";
import { unsubscribePage as text } from "@/src/lib/messages";
import { type PreferenceServices, recordChanges } from "./preferences.server";

/**
 * A marketing e-mail's unsubscribe link (issue 42; RFC 8058): its token, signed with the session secret,
 * names the player and the vertical, so it turns that vertical's e-mail off without a login and cannot be
 * made for another player. Reading it changes nothing (link scanners follow links); only the POST does.
 */

export type UnsubscribeServices = PreferenceServices & { secret: string };

/** A token that is not the shop's, was changed, or names a player or vertical that is gone: 404. */
export class UnsubscribeError extends DomainError<"NotFound"> {
  constructor() {
    super("NotFound", { token: [text.invalidLink] }, text.invalidLink);
    this.name = "UnsubscribeError";
  }
}

/** The player and vertical of a token whose signature holds and whose player exists. */
async function targetOf(services: UnsubscribeServices, token: string) {
  const target = readUnsubscribeToken(services.secret, token);
  if (!target || !isVertical(target.vertical)) throw new UnsubscribeError();
  const [player] = await services.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.id, target.playerId));
  if (!player) throw new UnsubscribeError();
  return { playerId: player.id, vertical: target.vertical };
}

/** What the link turns off, for the page that asks to confirm it. */
export async function readUnsubscribeTarget(
  services: UnsubscribeServices,
  token: string,
): Promise<{ vertical: Vertical }> {
  const { vertical } = await targetOf(services, token);
  return { vertical };
}

/**
 * Turns the vertical's e-mail channel off, recorded in the changes table with location `afmeldlink` (consent
 * evidence). A link followed again changes and records nothing (`changed: false`).
 */
export async function unsubscribe(
  services: UnsubscribeServices,
  token: string,
): Promise<{ vertical: Vertical; changed: boolean }> {
  const { playerId, vertical } = await targetOf(services, token);
  const changed = await services.db.transaction((tx) =>
    recordChanges(tx, services, {
      playerId,
      vertical,
      changes: [{ channel: "email", enabled: false }],
      location: "afmeldlink",
    }),
  );
  return { vertical, changed: changed.length > 0 };
}
