import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn in one call: one system call per request cost more than the rest. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePosition = noncePool.length;

/** A fresh 128-bit nonce from the CSPRNG; every nonce uses bytes no other nonce used. */
function nextNonce(): string {
  if (noncePosition >= noncePool.length) {
    randomFillSync(noncePool);
    noncePosition = 0;
  }
  const nonce = noncePool.toString("base64", noncePosition, noncePosition + NONCE_BYTES);
  noncePosition += NONCE_BYTES;
  return nonce;
}

import type { RequestHandler } from "express";

/**
 * Security baseline (DESIGN section 8): a per-request CSP nonce, HSTS on https, no sniffing, a strict
 * referrer policy, and framing only by the configured partner hosts.
 */
export function securityHeaders(options: {
  partnerHosts: string[];
  secure: boolean;
  dev: boolean;
  portalOrigin?: string;
}): RequestHandler {
  const frameAncestors = ["'self'", ...options.partnerHosts.map((host) => `https://${host}`)].join(" ");
  const formAction = ["'self'", options.portalOrigin].filter(Boolean).join(" ");
  const policyFor = (nonce: string) => {
    const scriptSrc = options.dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`;
    return [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      `connect-src 'self'${options.dev ? " ws: wss:" : ""} https://*.braze.eu https://*.braze.com`,
      "font-src 'self' data:",
      `frame-ancestors ${frameAncestors}`,
      `form-action ${formAction}`,
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  };
  return (_req, res, next) => {
    const nonce = nextNonce();
    res.locals.nonce = nonce;
    // A page served from the cache carries the nonce it was rendered with; it resets the policy with it.
    res.locals.applyNonce = (cachedNonce: string) =>
      res.setHeader("Content-Security-Policy", policyFor(cachedNonce));
    res.setHeader("Content-Security-Policy", policyFor(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (options.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
