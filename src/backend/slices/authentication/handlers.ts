import { eq } from "drizzle-orm";
import { players } from "@/src/backend/db/schema";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { implement } from "@/src/backend/http/router";
import { login, logout } from "@/src/contract/authentication";
import { createFlash } from "@/src/lib/flash/flash";
import { setFlashCookie } from "@/src/lib/flash/flash.server";
import { portal } from "@/src/lib/messages";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/src/lib/password.server";

export const LOGIN_FAILURES_BEFORE_RECAPTCHA = 3;
const LOGIN_FAILURE_WINDOW = { limit: LOGIN_FAILURES_BEFORE_RECAPTCHA, windowMs: 15 * 60_000 };

export const authenticationHandlers = [
  implement(login, async ({ body }, { req, res, services, log }) => {
    const email = body.email.trim().toLowerCase();
    // After repeated failures for an account, the next attempts need the reCAPTCHA (spec section 8).
    const failuresKey = `login-failures|${email}`;
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
];
