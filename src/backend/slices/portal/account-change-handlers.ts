import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import type { SessionPlayer } from "@/src/backend/http/session/session.server";
import { changePassword, confirmEmailChange, requestEmailChange } from "@/src/contract/portal";
import { accountChangeMessages as text } from "@/src/lib/messages";
import { verifyPassword } from "@/src/lib/password.server";
import * as changes from "./account-changes.server";

/**
 * Wrong current passwords per account before the changes pause (issue 43). Counted per account, as the
 * login counts its failures, over the same quarter of an hour; a logged-in caller gets no reCAPTCHA to pass
 * but a pause, so a stolen session cannot go on guessing the password to take the account over.
 */
export const WRONG_PASSWORDS_BEFORE_PAUSE = 5;
const WRONG_PASSWORD_WINDOW = { limit: WRONG_PASSWORDS_BEFORE_PAUSE, windowMs: 15 * 60_000 };

/** Confirmation links a player may have sent per hour (each e-mails an address the player names). */
export const EMAIL_CHANGES_PER_HOUR = 5;
const EMAIL_CHANGE_WINDOW = { limit: EMAIL_CHANGES_PER_HOUR, windowMs: 60 * 60_000 };

/** Refuses while a key's count is full: 429 with Retry-After and the Dutch reason at `field`. */
async function refuseWhenFull(
  { services, res }: HandlerContext,
  key: string,
  window: { limit: number; windowMs: number },
  field: string,
  reason: string,
): Promise<void> {
  if ((await services.rateLimiter.count(key, window)) < window.limit) return;
  res.setHeader("Retry-After", String(await services.rateLimiter.secondsLeft(key, window)));
  throw new HttpProblem(429, { code: "RateLimitError", detail: reason, errors: { [field]: [reason] } });
}

/** The current password, or `PasswordInvalidError` at `currentPassword` (counted; a pause after five). */
async function checkCurrentPassword(context: HandlerContext, player: SessionPlayer, password: string) {
  const key = `current-password-failures|${player.id}`;
  await refuseWhenFull(context, key, WRONG_PASSWORD_WINDOW, "currentPassword", text.tooManyAttempts);
  if (!(await verifyPassword(password, player.passwordHash))) {
    await context.services.rateLimiter.consume(key, WRONG_PASSWORD_WINDOW);
    context.log.warn({ event: "current_password_wrong" }, "account change refused: wrong current password");
    throw new changes.AccountChangeError(
      "PasswordInvalidError",
      "currentPassword",
      text.currentPasswordWrong,
    );
  }
  await context.services.rateLimiter.reset(key);
}

export const accountChangeHandlers = [
  implement(changePassword, async ({ body }, context) => {
    const { player, services, req, log } = context;
    await checkCurrentPassword(context, player, body.currentPassword);
    await changes.changePassword(
      {
        db: services.db,
        now: services.now,
        endOtherSessions: (tx, playerId) => services.sessions.endOtherSessions(req, playerId, tx),
      },
      player,
      body.newPassword,
    );
    log.info({ event: "password_changed", customerNumber: player.customerNumber }, "password changed");
    return undefined;
  }),
  implement(requestEmailChange, async ({ body }, context) => {
    const { player, services, log } = context;
    const requestsKey = `email-change-requests|${player.id}`;
    await refuseWhenFull(context, requestsKey, EMAIL_CHANGE_WINDOW, "newEmail", text.tooManyEmailChanges);
    await checkCurrentPassword(context, player, body.currentPassword);
    await changes.requestEmailChange(services, player, body.newEmail);
    await services.rateLimiter.consume(requestsKey, EMAIL_CHANGE_WINDOW);
    log.info(
      { event: "email_change_requested", customerNumber: player.customerNumber },
      "e-mail change asked",
    );
    return { newEmail: body.newEmail };
  }),
  implement(confirmEmailChange, async ({ body }, { services, log }) => {
    const changed = await changes.confirmEmailChange(services, body.token);
    log.info({ event: "email_changed" }, "e-mail address changed");
    return { email: changed.email };
  }),
];
