import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { ageValidations, players } from "@/src/backend/db/schema";
import type { AgeValidationState } from "@/src/contract/age-validation";
import type { EmailDataOf } from "@/src/domain/emails/kinds";
import {
  type AgeValidationStatus,
  judgeIdinResult,
  VALIDATION_STATES,
  type ValidationState,
} from "@/src/domain/identity/age-validation";
import type { IdinProvider } from "@/src/domain/identity/idin-provider";
import { ageValidationMessages } from "@/src/lib/messages";
import { AgeValidationError } from "./age-validation-error.server";

/**
 * Age validation through iDIN (issue 16; spec sections 1, 3 and 7): starting an authentication at a bank,
 * and recording the bank's answer once when the player comes back. The answer is always asked of the
 * provider, never taken from the return address.
 */

export type AgeValidationServices = {
  db: Db;
  /** Without one, age validation is unavailable. */
  idin: IdinProvider | undefined;
  logger: Logger;
  now: () => Date;
};

/** The shop's page the bank sends the player back to (with the provider's `trxid`). */
export const IDIN_RETURN_PATH = "/leeftijdscontrole/terug";

export type AgeValidationStarted = { redirectUrl: string; validationId: string | null };

export type AgeValidationCompleted = {
  status: AgeValidationStatus;
  validationState: ValidationState;
  returnPath: string;
};

function provider(services: AgeValidationServices): IdinProvider {
  if (!services.idin) throw new AgeValidationError("Unavailable");
  return services.idin;
}

function toState(value: string): ValidationState {
  return (VALIDATION_STATES as readonly string[]).includes(value)
    ? (value as ValidationState)
    : "NotValidated";
}

async function loadPlayer(db: Db, playerId: string) {
  const [player] = await db
    .select({
      firstName: players.firstName,
      middleName: players.middleName,
      lastName: players.lastName,
      birthDate: players.birthDate,
      validationState: players.validationState,
    })
    .from(players)
    .where(eq(players.id, playerId));
  if (!player) throw new AgeValidationError("NotFound");
  return { ...player, validationState: toState(player.validationState) };
}

/**
 * Starts an iDIN authentication for the player at the chosen bank. A validated player needs none and goes
 * straight on to `returnPath`; a refused player (under 18) or one under review by customer service cannot
 * start again (the Dutch reason is the refusal's detail).
 */
export async function startAgeValidation(
  services: AgeValidationServices,
  request: { playerId: string; issuerId: string; returnPath: string },
): Promise<AgeValidationStarted> {
  const idin = provider(services);
  const player = await loadPlayer(services.db, request.playerId);
  if (player.validationState === "Validated") return { redirectUrl: request.returnPath, validationId: null };
  if (player.validationState === "Refused") {
    throw new AgeValidationError("InvalidChoice", ageValidationMessages.refused);
  }
  if (player.validationState === "Review") {
    throw new AgeValidationError("InvalidChoice", ageValidationMessages.review);
  }
  const issuers = await idin.issuers();
  const issuer = issuers.find((candidate) => candidate.id === request.issuerId);
  if (!issuer) {
    throw new AgeValidationError("InvalidChoice", ageValidationMessages.unknownIssuer, {
      issuerId: [ageValidationMessages.unknownIssuer],
    });
  }
  const validationId = randomUUID();
  const name = [player.firstName, player.middleName, player.lastName].filter(Boolean).join(" ");
  const started = await idin.start({
    issuerId: issuer.id,
    reference: validationId,
    returnUrl: IDIN_RETURN_PATH,
    holder: { name, birthDate: player.birthDate },
  });
  await services.db.insert(ageValidations).values({
    id: validationId,
    playerId: request.playerId,
    issuerId: issuer.id,
    transactionId: started.transactionId,
    status: "pending",
    returnPath: request.returnPath,
  });
  services.logger.info({ validationId, issuerId: issuer.id }, "age validation started");
  return { redirectUrl: started.redirectUrl, validationId };
}

/**
 * Records the bank's answer for the player's attempt with this transaction id, once: a replay (or a
 * second tab) answers what was recorded. An attempt still open at the bank stays `pending`. Another
 * player's transaction id, or one never issued, is `NotFound`.
 *
 * The result changes `players.validation_state` only from NotValidated (choice): a player who already has a
 * state keeps it, so a stray second attempt cannot undo a validation or lift a refusal; customer service
 * changes those. The player is e-mailed the outcome (validated, flagged for customer service, failed) in
 * the transaction that records it, once per attempt (outbox key `age-validation:{id}`).
 */
export async function completeAgeValidation(
  services: AgeValidationServices,
  request: { playerId: string; transactionId: string },
): Promise<AgeValidationCompleted> {
  const { db } = services;
  const idin = provider(services);
  const attempt = await findAttempt(db, request);
  if (!attempt) throw new AgeValidationError("NotFound");
  if (attempt.status !== "pending") return recorded(db, request.playerId, attempt);

  const result = await idin.result(request.transactionId);
  if (result.status === "open") return recorded(db, request.playerId, attempt);

  const at = services.now();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(ageValidations)
      .where(eq(ageValidations.id, attempt.id))
      .for("update");
    if (current?.status !== "pending") return recorded(tx, request.playerId, current ?? attempt);

    if (result.status !== "success") {
      await tx
        .update(ageValidations)
        .set({ status: result.status, completedAt: at })
        .where(eq(ageValidations.id, attempt.id));
      // A player who cancelled at the bank knows it; a failure at the bank is told, unless a validation in
      // another tab decided the player's state meanwhile.
      const player = await loadPlayer(tx, request.playerId);
      if (result.status === "failed" && player.validationState === "NotValidated") {
        await queueOutcomeMail(tx, request.playerId, attempt.id, "failed");
      }
      services.logger.info({ validationId: attempt.id, status: result.status }, "age validation stopped");
      return recorded(tx, request.playerId, { ...current, status: result.status });
    }

    const player = await loadPlayer(tx, request.playerId);
    const judged = judgeIdinResult(result, player, at);
    await tx
      .update(ageValidations)
      .set({
        status: judged.status,
        sharedName: result.name,
        sharedBirthDate: result.birthDate,
        completedAt: at,
      })
      .where(eq(ageValidations.id, attempt.id));
    const [decided] = await tx
      .update(players)
      .set({ validationState: judged.state })
      .where(and(eq(players.id, request.playerId), eq(players.validationState, "NotValidated")))
      .returning({ id: players.id });
    // Told only when this answer decided the player's state (a stray second attempt changes nothing).
    if (decided) await queueOutcomeMail(tx, request.playerId, attempt.id, MAIL_OUTCOMES[judged.status]);
    services.logger.info({ validationId: attempt.id, status: judged.status }, "age validation recorded");
    return recorded(tx, request.playerId, { ...current, status: judged.status });
  });
}

type MailOutcome = EmailDataOf<"age-validation">["outcome"];

/** The e-mail's outcome of a judged answer. */
const MAIL_OUTCOMES: Record<ReturnType<typeof judgeIdinResult>["status"], MailOutcome> = {
  validated: "validated",
  mismatch: "flagged",
  underage: "underage",
};

/** The attempt's result to the player, in the transaction that records it; once per attempt. */
async function queueOutcomeMail(tx: Tx, playerId: string, validationId: string, outcome: MailOutcome) {
  const [player] = await tx
    .select({ email: players.email, firstName: players.firstName })
    .from(players)
    .where(eq(players.id, playerId));
  if (!player) return;
  await queueEmail(tx, {
    kind: "age-validation",
    recipient: player.email,
    playerId,
    data: { firstName: player.firstName, outcome },
    key: `age-validation:${validationId}`,
  });
}

async function findAttempt(db: Db, request: { playerId: string; transactionId: string }) {
  const [attempt] = await db
    .select()
    .from(ageValidations)
    .where(
      and(
        eq(ageValidations.transactionId, request.transactionId),
        eq(ageValidations.playerId, request.playerId),
      ),
    );
  return attempt;
}

async function recorded(
  db: Db,
  playerId: string,
  attempt: { status: string; returnPath: string },
): Promise<AgeValidationCompleted> {
  const player = await loadPlayer(db, playerId);
  return {
    status: attempt.status as AgeValidationStatus,
    validationState: player.validationState,
    returnPath: attempt.returnPath,
  };
}

/** The player's state and last attempt (`/mijn`, the start page). */
export async function ageValidationState(db: Db, playerId: string): Promise<AgeValidationState> {
  const player = await loadPlayer(db, playerId);
  const [last] = await db
    .select({
      status: ageValidations.status,
      createdAt: ageValidations.createdAt,
      completedAt: ageValidations.completedAt,
    })
    .from(ageValidations)
    .where(eq(ageValidations.playerId, playerId))
    .orderBy(desc(ageValidations.createdAt))
    .limit(1);
  return {
    validationState: player.validationState,
    lastAttempt: last
      ? {
          status: last.status as AgeValidationStatus,
          at: (last.completedAt ?? last.createdAt).toISOString(),
        }
      : null,
  };
}
