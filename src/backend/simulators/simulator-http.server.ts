import type { ErrorRequestHandler, Request, Response } from "express";

/**
 * What the simulators' pages share (the payment, direct-debit and iDIN simulators, each an outside party in
 * production): sending a page with the request's CSP nonce, the page for a body no form of theirs sends,
 * and refusing a post from another site.
 */

export type PageSender<P> = (res: Response, status: number, page: P) => void;

/** Sends a simulator's page, rendered with the request's CSP nonce. */
export function pageSender<P>(render: (page: P, nonce: string | undefined) => string): PageSender<P> {
  return (res, status, page) => {
    const nonce = typeof res.locals.nonce === "string" ? res.locals.nonce : undefined;
    res.status(status).type("html").send(render(page, nonce));
  };
}

/**
 * A body no form of the simulator sends (too large, malformed) gets its bad-request page (or `json`'s
 * answer for a script), not the shop's error page.
 */
export function bodyErrorPages<P>(
  send: PageSender<P>,
  badRequest: () => P,
  json?: (req: Request) => boolean,
): ErrorRequestHandler {
  return (error, req, res, next) => {
    const status = typeof error?.status === "number" ? error.status : 500;
    if (status < 400 || status >= 500 || res.headersSent) return next(error);
    if (json?.(req)) return res.status(status).json({ error: "bad request" });
    send(res, status, badRequest());
  };
}

/**
 * A post from another site: its `Origin` names neither this server's host nor one of the trusted front
 * ends that forward the simulator's pages (SHOP_ORIGINS). A post without an Origin (an older browser, a
 * script of our own) is not foreign.
 */
export function isForeignPost(req: Request, trustedOrigins: readonly string[] = []): boolean {
  const origin = req.get("origin");
  if (!origin || origin === "null" || trustedOrigins.includes(origin)) return false;
  try {
    return new URL(origin).host !== req.get("host");
  } catch {
    return true;
  }
}
