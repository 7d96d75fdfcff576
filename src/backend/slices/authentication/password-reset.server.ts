import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { passwordResets, players } from "@/src/backend/db/schema";
import { DomainError } from "@/src/domain/domain-error";
import { PASSWORD_RESET_TTL_MS, passwordResetPath } from "@/src/domain/portal/password-reset";
import { passwordResetMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";

/**
 * "Wachtwoord vergeten?" (issue 43): a one-time link by e-mail, then a new password with its token. The
 * link's token is 32 random bytes; the table keeps only its sha256, so a copy of the database opens no
 * account.
 */

export type PasswordResetErrorCode = "NotFound" | "Invalid";

export class PasswordResetError extends DomainError<PasswordResetErrorCode> {
  constructor(code: PasswordResetErrorCode, reason: string) {
    super(code, { token: [reason] }, reason);
    this.name = "PasswordResetError";
  }
}

export type PasswordResetServices = {
  db: Db;
  now: () => Date;
  /** Ends the player's sessions but the caller's own, in the reset's transaction. */
  endOtherSessions: (tx: Tx, playerId: string) => Promise<void>;
};

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * For the account of `email`, if there is one: a new link (older unused ones stop working) and its e-mail,
 * in one transaction. Answers whether there was an account, for the log only: the caller's answer must
 * not depend on it.
 */
export async function requestPasswordReset(
  { db, now }: Pick<PasswordResetServices, "db" | "now">,
  email: string,
): Promise<boolean> {
  const [player] = await db
    .select({ id: players.id, email: players.email, firstName: players.firstName })
    .from(players)
    .where(eq(players.email, email))
    .limit(1);
  if (!player) return false;
  const token = randomBytes(32).toString("base64url");
  const at = now();
  const expiresAt = new Date(at.getTime() + PASSWORD_RESET_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ revokedAt: at })
      .where(
        and(
          eq(passwordResets.playerId, player.id),
          isNull(passwordResets.usedAt),
          isNull(passwordResets.revokedAt),
        ),
      );
    const [reset] = await tx
      .insert(passwordResets)
      .values({ playerId: player.id, tokenHash: tokenHash(token), createdAt: at, expiresAt })
      .returning({ id: passwordResets.id });
    if (!reset) throw new Error("the reset link was not recorded");
    await queueEmail(tx, {
      kind: "password-reset",
      recipient: player.email,
      playerId: player.id,
      key: `password-reset:${reset.id}`,
      data: {
        firstName: player.firstName,
        resetPath: passwordResetPath(token),
        expiresAt: expiresAt.toISOString(),
      },
    });
  });
  return true;
}

type StoredReset = typeof passwordResets.$inferSelect;

/** Why a stored link no longer works, or undefined while it does. */
function refusal(reset: StoredReset | undefined, at: Date): PasswordResetError | undefined {
  if (!reset) return new PasswordResetError("NotFound", passwordResetMessages.tokenUnknown);
  if (reset.usedAt) return new PasswordResetError("Invalid", passwordResetMessages.tokenUsed);
  if (reset.revokedAt) return new PasswordResetError("Invalid", passwordResetMessages.tokenReplaced);
  if (reset.expiresAt <= at) return new PasswordResetError("Invalid", passwordResetMessages.tokenExpired);
  return undefined;
}

/**
 * Sets the password of the link's player (hashed as at registration; the contract checked its rules),
 * marks the link used and ends the player's other sessions, in one transaction. An unknown, used, replaced
 * or expired link is refused with its Dutch reason at `token`.
 */
export async function resetPassword(
  services: PasswordResetServices,
  request: { token: string; password: string },
): Promise<{ customerNumber: string; email: string }> {
  const { db } = services;
  const hash = tokenHash(request.token);
  const at = services.now();
  const [found] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hash)).limit(1);
  const refused = refusal(found, at);
  if (refused) throw refused;
  const passwordHash = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    // Used once: of two posts of the same link, only the first finds it unused.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(
        and(
          eq(passwordResets.tokenHash, hash),
          isNull(passwordResets.usedAt),
          isNull(passwordResets.revokedAt),
          gt(passwordResets.expiresAt, at),
        ),
      )
      .returning({ playerId: passwordResets.playerId });
    if (!reset) throw new PasswordResetError("Invalid", passwordResetMessages.tokenUsed);
    const [player] = await tx
      .update(players)
      .set({ passwordHash })
      .where(eq(players.id, reset.playerId))
      .returning({ customerNumber: players.customerNumber, email: players.email });
    if (!player) throw new PasswordResetError("NotFound", passwordResetMessages.tokenUnknown);
    await services.endOtherSessions(tx, reset.playerId);
    return player;
  });
}
