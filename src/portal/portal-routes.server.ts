import express, { Router } from "express";
import { createFlash } from "@/src/features/flash/flash";
import { setFlashCookie } from "@/src/features/flash/flash.server";
import { portal } from "@/src/lib/messages";
import type { AppServices } from "@/src/server/request-context";
import type { SessionManager } from "@/src/server/session/session.server";
import { safeRedirectTarget } from "./redirect-target";

const PORTAL_PATHS = ["/inloggen", "/aanmelden", "/uitloggen"];

/**
 * The embedded common portal's HTTP side (spec section 2): `/uitloggen` is a POST form with the
 * anti-forgery token; with PORTAL_ORIGIN set, every portal path goes to the operator's portal with the
 * same query parameters (returnUrl, cancelUrl, regVertical, skipCompletionFlow).
 */
export function portalRoutes(services: Pick<AppServices, "config">, sessions: SessionManager): Router {
  const router = Router();
  const { config } = services;
  const redirectOptions = { baseUrl: config.baseUrl, partnerHosts: Object.keys(config.partnerHosts) };

  if (config.portalOrigin) {
    const origin = config.portalOrigin.replace(/\/$/, "");
    router.all(
      PORTAL_PATHS.flatMap((path) => [path, `${path}/{*rest}`]),
      (req, res) => {
        res.redirect(req.method === "POST" ? 307 : 302, `${origin}${req.originalUrl}`);
      },
    );
    return router;
  }

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
