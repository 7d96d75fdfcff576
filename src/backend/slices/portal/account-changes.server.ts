import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { uniqueViolation } from "@/src/backend/db/database-errors";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { emailChanges, players } from "@/src/backend/db/schema";
import { DomainError } from "@/src/domain/domain-error";
import { EMAIL_CHANGE_TTL_MS, emailChangePath, maskEmailAddress } from "@/src/domain/portal/email-change";
import { accountChangeMessages as text } from "@/src/lib/messages";
import { hashPassword, verifyPassword } from "@/src/lib/password.server";

/**
 * Changing the password and the e-mail address of a logged-in player (issue 43, /mijn/profiel). The handlers
 * check the current password first; these services make the change and queue its e-mails in one
 * transaction. A new address is the account's only once its link is followed: the link's token is 32 random
 * bytes, stored only as its sha256, as the password reset's.
 */

export type AccountChangeErrorCode =
  | "PasswordInvalidError"
  | "AccountNameAlreadyTakenError"
  | "NotFound"
  | "Invalid";

export class AccountChangeError extends DomainError<AccountChangeErrorCode> {
  constructor(code: AccountChangeErrorCode, field: string, reason: string) {
    super(code, { [field]: [reason] }, reason);
    this.name = "AccountChangeError";
  }
}

export type AccountChangeServices = { db: Db; now: () => Date };

type Player = { id: string; email: string; firstName: string; passwordHash: string };

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Sets a new password (hashed as at registration; the contract checked its rules), ends the player's other
 * sessions and queues the confirmation e-mail, in one transaction. The current password again is refused.
 */
export async function changePassword(
  services: AccountChangeServices & { endOtherSessions: (tx: Tx, playerId: string) => Promise<void> },
  player: Player,
  newPassword: string,
): Promise<void> {
  if (await verifyPassword(newPassword, player.passwordHash)) {
    throw new AccountChangeError("Invalid", "newPassword", text.samePassword);
  }
  const passwordHash = await hashPassword(newPassword);
  const at = services.now();
  await services.db.transaction(async (tx) => {
    await tx.update(players).set({ passwordHash }).where(eq(players.id, player.id));
    await services.endOtherSessions(tx, player.id);
    await queueEmail(tx, {
      kind: "password-changed",
      recipient: player.email,
      playerId: player.id,
      key: `password-changed:${player.id}:${at.toISOString()}`,
      data: { firstName: player.firstName, changedAt: at.toISOString() },
    });
  });
}

/** Refused when another account has the address: the registration's answer, nothing about that account. */
async function refuseTakenAddress(db: Db, email: string): Promise<void> {
  const [taken] = await db.select({ id: players.id }).from(players).where(eq(players.email, email)).limit(1);
  if (taken) throw new AccountChangeError("AccountNameAlreadyTakenError", "newEmail", text.emailTaken);
}

/**
 * A new address for the account: a link to it (older unused links stop working) and a notice to the
 * current address, in one transaction. The address itself does not change yet.
 */
export async function requestEmailChange(
  { db, now }: AccountChangeServices,
  player: Player,
  newEmail: string,
): Promise<void> {
  if (newEmail === player.email) throw new AccountChangeError("Invalid", "newEmail", text.sameEmail);
  await refuseTakenAddress(db, newEmail);
  const token = randomBytes(32).toString("base64url");
  const at = now();
  const expiresAt = new Date(at.getTime() + EMAIL_CHANGE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ revokedAt: at })
      .where(
        and(
          eq(emailChanges.playerId, player.id),
          isNull(emailChanges.usedAt),
          isNull(emailChanges.revokedAt),
        ),
      );
    const [change] = await tx
      .insert(emailChanges)
      .values({ playerId: player.id, newEmail, tokenHash: tokenHash(token), createdAt: at, expiresAt })
      .returning({ id: emailChanges.id });
    if (!change) throw new Error("the e-mail change was not recorded");
    await queueEmail(tx, {
      kind: "email-change-confirmation",
      recipient: newEmail,
      playerId: player.id,
      key: `email-change-confirmation:${change.id}`,
      data: {
        firstName: player.firstName,
        newEmail,
        confirmPath: emailChangePath(token),
        expiresAt: expiresAt.toISOString(),
      },
    });
    await queueEmail(tx, {
      kind: "email-change-notice",
      recipient: player.email,
      playerId: player.id,
      key: `email-change-notice:${change.id}`,
      data: {
        firstName: player.firstName,
        newEmailMasked: maskEmailAddress(newEmail),
        requestedAt: at.toISOString(),
      },
    });
  });
}

type StoredChange = typeof emailChanges.$inferSelect;

/** Why a stored link no longer works, or undefined while it does. */
function refusal(change: StoredChange | undefined, at: Date): AccountChangeError | undefined {
  if (!change) return new AccountChangeError("NotFound", "token", text.tokenUnknown);
  if (change.usedAt) return new AccountChangeError("Invalid", "token", text.tokenUsed);
  if (change.revokedAt) return new AccountChangeError("Invalid", "token", text.tokenReplaced);
  if (change.expiresAt <= at) return new AccountChangeError("Invalid", "token", text.tokenExpired);
  return undefined;
}

/**
 * Makes the link's address the account's and uses the link up, in one transaction. An unknown, used,
 * replaced or expired link is refused with its Dutch reason at `token`; so is an address another account
 * took in the meantime (checked first, and by the unique index for one taken while this runs).
 */
export async function confirmEmailChange(
  { db, now }: AccountChangeServices,
  token: string,
): Promise<{ playerId: string; email: string }> {
  const hash = tokenHash(token);
  const at = now();
  const [found] = await db.select().from(emailChanges).where(eq(emailChanges.tokenHash, hash)).limit(1);
  const refused = refusal(found, at);
  if (refused) throw refused;
  const [taken] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, found?.newEmail ?? ""))
    .limit(1);
  if (taken) throw new AccountChangeError("AccountNameAlreadyTakenError", "token", text.emailTaken);
  try {
    return await db.transaction(async (tx) => {
      // Used once: of two posts of the same link, only the first finds it unused.
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailChanges.tokenHash, hash),
            isNull(emailChanges.usedAt),
            isNull(emailChanges.revokedAt),
            gt(emailChanges.expiresAt, at),
          ),
        )
        .returning({ playerId: emailChanges.playerId, newEmail: emailChanges.newEmail });
      if (!change) throw new AccountChangeError("Invalid", "token", text.tokenUsed);
      await tx.update(players).set({ email: change.newEmail }).where(eq(players.id, change.playerId));
      return { playerId: change.playerId, email: change.newEmail };
    });
  } catch (error) {
    if (uniqueViolation(error)?.includes("email")) {
      throw new AccountChangeError("AccountNameAlreadyTakenError", "token", text.emailTaken);
    }
    throw error;
  }
}
