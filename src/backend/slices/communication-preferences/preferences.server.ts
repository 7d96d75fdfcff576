import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { communicationPreferenceChanges, communicationPreferences } from "@/src/backend/db/schema";
import type { CommunicationPreferences } from "@/src/contract/communication-preferences";
import {
  type ChangeLocation,
  channelPreferences,
  checkChanges,
  isVertical,
  type PreferenceChange,
  type PreferenceLocation,
  type Vertical,
} from "@/src/domain/communication-preferences/preferences";
import { DomainError } from "@/src/domain/domain-error";
import { communicationPreferenceMessages as text } from "@/src/lib/messages";

/**
 * Communication preferences (issue 20, item 5): read and set per vertical and channel. A change is saved
 * with its time and the place of the form (`location`) in the append-only changes table, as consent
 * evidence, in the same transaction as the new state; a channel sent with the value it already has is no
 * change and keeps its time.
 */

export type PreferenceServices = { db: Db; logger: Logger; now: () => Date };

export type PreferencesErrorCode = "UnknownVerticalError" | "UnknownChannelError";

/** Why a request is refused; the API handler answers it as problem details (DESIGN section 3a). */
export class PreferencesError extends DomainError<PreferencesErrorCode> {
  constructor(
    code: PreferencesErrorCode,
    override readonly errors: Record<string, string[]>,
  ) {
    super(code, errors, code === "UnknownVerticalError" ? text.unknownVertical : text.unknownChannel);
    this.name = "PreferencesError";
  }
}

async function stateOf(
  db: Db | Tx,
  playerId: string,
  vertical: Vertical,
  location: PreferenceLocation,
): Promise<CommunicationPreferences> {
  const rows = await db
    .select({
      channel: communicationPreferences.channel,
      enabled: communicationPreferences.enabled,
      changedAt: communicationPreferences.changedAt,
    })
    .from(communicationPreferences)
    .where(
      and(eq(communicationPreferences.playerId, playerId), eq(communicationPreferences.vertical, vertical)),
    );
  return {
    vertical,
    location,
    channels: channelPreferences(rows).map((row) => ({
      ...row,
      lastChangedAt: row.lastChangedAt?.toISOString() ?? null,
    })),
  };
}

/** The player's preferences for a vertical; `UnknownVerticalError` for one the shop does not have. */
export async function readPreferences(
  db: Db,
  playerId: string,
  vertical: string,
  location: PreferenceLocation,
): Promise<CommunicationPreferences> {
  if (!isVertical(vertical)) {
    throw new PreferencesError("UnknownVerticalError", { vertical: [text.unknownVertical] });
  }
  return stateOf(db, playerId, vertical, location);
}

/**
 * Saves the changes of a vertical's channels in a transaction: the new state, and each real change (a channel
 * sent with the value it has is none, and keeps its time) in the changes table with where it was made.
 * Answers the real changes.
 */
export async function recordChanges(
  tx: Tx,
  services: Pick<PreferenceServices, "logger" | "now">,
  request: {
    playerId: string;
    vertical: Vertical;
    changes: readonly PreferenceChange[];
    location: ChangeLocation;
  },
): Promise<PreferenceChange[]> {
  const now = services.now();
  const { playerId, vertical, location } = request;
  // Inserted (first choice) or updated to another value: the rows returned are the real changes.
  const changed = await tx
    .insert(communicationPreferences)
    .values(request.changes.map((change) => ({ playerId, vertical, ...change, changedAt: now })))
    .onConflictDoUpdate({
      target: [
        communicationPreferences.playerId,
        communicationPreferences.vertical,
        communicationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled`, changedAt: sql`excluded.changed_at` },
      setWhere: sql`${communicationPreferences.enabled} is distinct from excluded.enabled`,
    })
    .returning({ channel: communicationPreferences.channel, enabled: communicationPreferences.enabled });
  if (changed.length === 0) return [];
  await tx
    .insert(communicationPreferenceChanges)
    .values(changed.map((change) => ({ playerId, vertical, ...change, location, changedAt: now })));
  services.logger.info(
    { event: "communication_preferences_changed", vertical, location, changes: changed },
    "communication preferences changed",
  );
  return request.changes.filter((change) => changed.some((row) => row.channel === change.channel));
}

/**
 * Sets the channels sent for a vertical. A request naming an unknown vertical or channel saves nothing and
 * is refused with the Dutch reason at each field. Answers the vertical's preferences after the change.
 */
export async function savePreferences(
  services: PreferenceServices,
  request: {
    playerId: string;
    vertical: string;
    location: PreferenceLocation;
    channels: Readonly<Record<string, boolean>>;
  },
): Promise<CommunicationPreferences> {
  const checked = checkChanges(request.vertical, request.channels);
  if (!checked.ok) {
    const errors: Record<string, string[]> = {};
    if (checked.unknownVertical) errors.vertical = [text.unknownVertical];
    for (const channel of checked.unknownChannels) errors[`channels.${channel}`] = [text.unknownChannel];
    throw new PreferencesError(
      checked.unknownVertical ? "UnknownVerticalError" : "UnknownChannelError",
      errors,
    );
  }
  const { vertical, changes } = checked;
  return services.db.transaction(async (tx) => {
    await recordChanges(tx, services, {
      playerId: request.playerId,
      vertical,
      changes,
      location: request.location,
    });
    return stateOf(tx, request.playerId, vertical, request.location);
  });
}
