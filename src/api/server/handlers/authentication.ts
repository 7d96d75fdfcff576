import { eq } from "drizzle-orm";
import { login, logout } from "@/src/api/contract/authentication";
import { players } from "@/src/db/schema";
import { createFlash } from "@/src/features/flash/flash";
import { setFlashCookie } from "@/src/features/flash/flash.server";
import { portal } from "@/src/lib/messages";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/src/server/auth/password.server";
import { HttpProblem } from "../problem-error";
import { implement } from "../router";

export const authenticationHandlers = [
  implement(login, async ({ body }, { req, res, services, log }) => {
    const email = body.email.trim().toLowerCase();
    const [player] = await services.db.select().from(players).where(eq(players.email, email)).limit(1);
    // Verify against a dummy hash for unknown e-mail addresses so timing does not tell which exist.
    const valid = await verifyPassword(body.password, player?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!player || !valid) {
      log.warn({ event: "login_failed", knownAccount: Boolean(player) }, "login failed");
      throw new HttpProblem(400, { code: "PasswordInvalidError" });
    }
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
