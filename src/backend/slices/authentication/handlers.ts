import { eq } from "drizzle-orm";
import { players } from "@/src/backend/db/schema";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { type HandlerContext, implement } from "@/src/backend/http/router";
import {
  login,
  logout,
  requestPasswordReset as requestPasswordResetEndpoint,
  resetPassword as resetPasswordEndpoint,
} from "@/src/contract/authentication";
import { createFlash } from "@/src/lib/flash/flash";
import { setFlashCookie } from "@/src/lib/flash/flash.server";
import { portal } from "@/src/lib/messages";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/src/lib/password.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";

export const LOGIN_FAILURES_BEFORE_RECAPTCHA = 3;
const LOGIN_FAILURE_WINDOW = { limit: LOGIN_FAILURES_BEFORE_RECAPTCHA, windowMs: 15 * 60_000 };
const loginFailuresKey = (email: string) => `login-failures|${email}`;

/** Reset links asked for one e-mail address before the reCAPTCHA is (against mail bombing an address). */
export const RESET_REQUESTS_BEFORE_RECAPTCHA = 3;
const RESET_REQUEST_WINDOW = { limit: RESET_REQUESTS_BEFORE_RECAPTCHA, windowMs: 60 * 60_000 };

/**
 * After a few requests for one address, the next need the reCAPTCHA; counted for every address alike, known
 * or not, so the answer still tells nothing about which addresses have an account.
 */
async function checkResetRequests(context: HandlerContext, email: string, recaptcha: string | undefined) {
  const { services, req, res, log } = context;
  const key = `password-reset-requests|${email}`;
  if (recaptcha) {
    if (!(await services.recaptcha.verify(recaptcha, req.ip))) {
      log.warn({ event: "password_reset_recaptcha_invalid" }, "reset request refused: invalid reCAPTCHA");
      throw new HttpProblem(400, { code: "RecaptchaNotValidError" });
    }
  } else if (
    (await services.rateLimiter.count(key, RESET_REQUEST_WINDOW)) >= RESET_REQUESTS_BEFORE_RECAPTCHA
  ) {
    res.setHeader("Retry-After", String(await services.rateLimiter.secondsLeft(key, RESET_REQUEST_WINDOW)));
    log.warn({ event: "password_reset_needs_recaptcha" }, "reset request refused: reCAPTCHA required");
    throw new HttpProblem(429, { code: "RateLimitError" });
  }
  await services.rateLimiter.consume(key, RESET_REQUEST_WINDOW);
}

export const authenticationHandlers = [
  implement(login, async ({ body }, { req, res, services, log }) => {
    const email = body.email.trim().toLowerCase();
    // After repeated failures for an account, the next attempts need the reCAPTCHA (spec section 8).
    const failuresKey = loginFailuresKey(email);
    if (
      (await services.rateLimiter.count(failuresKey, LOGIN_FAILURE_WINDOW)) >= LOGIN_FAILURES_BEFORE_RECAPTCHA
    ) {
      if (!body.gRecaptchaResponse) {
        res.setHeader(
          "Retry-After",
          String(await services.rateLimiter.secondsLeft(failuresKey, LOGIN_FAILURE_WINDOW)),
        );
        log.warn(
          { event: "login_needs_recaptcha" },
          "login refused: reCAPTCHA required after repeated failures",
        );
        throw new HttpProblem(429, { code: "RateLimitError" });
      }
      if (!(await services.recaptcha.verify(body.gRecaptchaResponse, req.ip))) {
        log.warn({ event: "login_recaptcha_invalid" }, "login refused: invalid reCAPTCHA");
        throw new HttpProblem(400, { code: "RecaptchaNotValidError" });
      }
    }
    const [player] = await services.db.select().from(players).where(eq(players.email, email)).limit(1);
    // Verify against a dummy hash for unknown e-mail addresses so timing does not tell which exist.
    const valid = await verifyPassword(body.password, player?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!player || !valid) {
      await services.rateLimiter.consume(failuresKey, LOGIN_FAILURE_WINDOW);
      log.warn({ event: "login_failed", knownAccount: Boolean(player) }, "login failed");
      throw new HttpProblem(400, { code: "PasswordInvalidError" });
    }
    await services.rateLimiter.reset(failuresKey);
    await services.sessions.logIn(req, res, player.id);
    setFlashCookie(res, createFlash(portal.flashLoggedIn, "success"), {
      secure: services.config.secureCookies,
    });
    log.info({ event: "login", customerNumber: player.customerNumber }, "player logged in");
    return { customerNumber: player.customerNumber };
  }),
  implement(logout, async (_input, { req, res, services }) => {
    await services.sessions.logOut(req, res);
    return undefined;
  }),
  implement(requestPasswordResetEndpoint, async ({ body }, context) => {
    await checkResetRequests(context, body.email, body.gRecaptchaResponse);
    const knownAccount = await requestPasswordReset(context.services, body.email);
    context.log.info({ event: "password_reset_requested", knownAccount }, "password reset requested");
    return undefined;
  }),
  implement(resetPasswordEndpoint, async ({ body }, { req, services, log }) => {
    const player = await resetPassword(
      {
        db: services.db,
        now: services.now,
        endOtherSessions: (tx, playerId) => services.sessions.endOtherSessions(req, playerId, tx),
      },
      body,
    );
    // The new password starts with a clean slate: no reCAPTCHA for the old password's failures.
    await services.rateLimiter.reset(loginFailuresKey(player.email));
    log.info({ event: "password_reset", customerNumber: player.customerNumber }, "password reset");
    return undefined;
  }),
];
