import express, { Router } from "express";
import type { SessionManager } from "@/src/backend/http/session/session.server";
import type { Config } from "@/src/config/env.server";
import {
  absoluteReturnUrl,
  type RedirectTargetOptions,
  redirectTargetOptions,
  safeRedirectTarget,
} from "@/src/domain/portal/redirect-target";
import { createFlash } from "@/src/lib/flash/flash";
import { setFlashCookie } from "@/src/lib/flash/flash.server";
import { portal } from "@/src/lib/messages";

/** The portal's pages: its login, registration and logout, and "Wachtwoord vergeten?" with its link (issue 43). */
const PORTAL_PATHS = [
  "/inloggen",
  "/aanmelden",
  "/uitloggen",
  "/wachtwoord-vergeten",
  "/wachtwoord-herstellen",
];
const RETURN_PARAMETERS = ["returnUrl", "cancelUrl"];

/**
 * The operator's portal is another site: a return path on this shop is sent as an address on this shop's
 * origin, or the portal would send the player to a page of its own.
 */
function withShopReturnUrls(originalUrl: string, options: RedirectTargetOptions): string {
  const url = new URL(originalUrl, options.baseUrl);
  // Without one, the portal would end the visit on a page of its own: the shop's home page it is.
  if (!url.searchParams.has("returnUrl")) url.searchParams.set("returnUrl", "/");
  for (const name of RETURN_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (!value) continue;
    url.searchParams.set(name, absoluteReturnUrl(value, options));
  }
  return url.pathname + url.search;
}

/**
 * The embedded common portal's HTTP side (spec section 2): `/uitloggen` is a POST form with the
 * anti-forgery token; with PORTAL_ORIGIN set, every portal path goes to the operator's portal with the
 * same query parameters (returnUrl, cancelUrl, regVertical, skipCompletionFlow).
 */
export function portalRoutes(config: Config, sessions: SessionManager | undefined): Router {
  const router = Router();
  const redirectOptions = redirectTargetOptions(config);

  if (config.portalOrigin) {
    const origin = config.portalOrigin.replace(/\/$/, "");
    router.all(
      PORTAL_PATHS.flatMap((path) => [path, `${path}/{*rest}`]),
      (req, res) => {
        res.redirect(
          req.method === "POST" ? 307 : 302,
          `${origin}${withShopReturnUrls(req.originalUrl, redirectOptions)}`,
        );
      },
    );
    return router;
  }
  // Without a database of its own, this front end leaves the logout to the API that holds the session.
  if (!sessions) return router;

  router.get("/uitloggen", (_req, res) => res.redirect(303, "/"));
  router.post("/uitloggen", express.urlencoded({ extended: false, limit: "4kb" }), async (req, res, next) => {
    try {
      const target = safeRedirectTarget(
        typeof req.query.returnUrl === "string" ? req.query.returnUrl : "/",
        redirectOptions,
      );
      const token =
        typeof req.body?.RequestVerificationToken === "string"
          ? req.body.RequestVerificationToken
          : undefined;
      if (!sessions.verifyAntiForgeryToken(req, token)) {
        res.locals.log.warn({ event: "logout_refused" }, "logout without a valid anti-forgery token");
        setFlashCookie(res, createFlash(portal.flashLogoutFailed, "error"), { secure: config.secureCookies });
        return res.redirect(303, target);
      }
      await sessions.logOut(req, res);
      setFlashCookie(res, createFlash(portal.flashLoggedOut, "success"), { secure: config.secureCookies });
      res.redirect(303, target);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
