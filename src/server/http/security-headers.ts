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

import type { ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";

/** The origin of a Braze SDK endpoint as the SDK reads it (a host alone means https); undefined if none. */
export function brazeOrigin(endpoint: string | undefined): string | undefined {
  if (!endpoint) return undefined;
  try {
    return new URL(/^https?:/.test(endpoint) ? endpoint : `https://${endpoint}`).origin;
  } catch {
    return undefined;
  }
}

export type SecurityOptions = {
  partnerHosts: string[];
  secure: boolean;
  dev: boolean;
  /**
   * Where a form may post or its answer send the browser besides this site: an operator's portal, and
   * (browsers hold a form's redirects to `form-action` too) the shop's front ends and partner hosts, on
   * which the portal's forms end.
   */
  formTargets?: readonly string[];
  /** Braze's SDK endpoint when one is configured (`BRAZE_SDK_ENDPOINT`): its requests must be allowed. */
  brazeEndpoint?: string;
  /**
   * Whether a request is an editor's preview that a CMS's web app may frame (Contentful's live preview,
   * decision 27), and the origins that may then frame it besides the partner hosts.
   */
  framedPreview?: { isPreview: (req: Request) => boolean; origins: readonly string[] };
};

export type SecurityHeaders = {
  /** Express middleware: a fresh nonce per answer (`res.locals.nonce`), `res.locals.applyScriptHashes`. */
  handler: RequestHandler;
  /**
   * Sets the headers on a raw answer (the cache's fast path); a page sent to everyone passes its scripts'
   * hashes. Returns the nonce the policy names otherwise.
   */
  apply: (res: ServerResponse, scriptHashes?: readonly string[]) => string | undefined;
};

/**
 * Security baseline (DESIGN section 8): a CSP whose scripts are allowed by a nonce no one else gets, HSTS
 * on https, no sniffing, a strict referrer policy, and framing only by the configured partner hosts.
 *
 * A page rendered for this request carries a fresh nonce (`res.locals.nonce`). A page sent to everyone
 * (the page cache, the prerendered pages) may carry none, since a nonce everyone gets protects nothing:
 * it names its inline scripts by their hashes instead (script-hashes.ts), and its handler swaps the
 * policy with `res.locals.applyScriptHashes`. `'strict-dynamic'` lets those scripts load the modules they
 * import (browsers ignore `'self'` next to it; it is there for the few that do not know it).
 */
export function createSecurityHeaders(options: SecurityOptions): SecurityHeaders {
  const frameAncestors = ["'self'", ...options.partnerHosts.map((host) => `https://${host}`)].join(" ");
  const previewFrameAncestors = [frameAncestors, ...(options.framedPreview?.origins ?? [])].join(" ");
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(" ");
  const braze = brazeOrigin(options.brazeEndpoint);
  const policyFor = (scriptSrc: string, framing = frameAncestors) =>
    [
      "default-src 'self'",
      `script-src ${options.dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      `connect-src 'self'${options.dev ? " ws: wss:" : ""} https://*.braze.eu https://*.braze.com${braze ? ` ${braze}` : ""}`,
      "font-src 'self' data:",
      `frame-ancestors ${framing}`,
      `form-action ${formAction}`,
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  // A cached page's hashes are one array for as long as the entry lives: its policy is built once.
  const hashedPolicies = new WeakMap<readonly string[], string>();
  const hashedPolicy = (scriptHashes: readonly string[]) => {
    let policy = hashedPolicies.get(scriptHashes);
    if (policy === undefined) {
      policy = policyFor(["'strict-dynamic'", ...scriptHashes, "'self'"].join(" "));
      hashedPolicies.set(scriptHashes, policy);
    }
    return policy;
  };
  const apply = (res: ServerResponse, scriptHashes?: readonly string[]) => {
    const nonce = scriptHashes ? undefined : nextNonce();
    res.setHeader(
      "Content-Security-Policy",
      scriptHashes ? hashedPolicy(scriptHashes) : policyFor(`'self' 'nonce-${nonce}'`),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (options.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return nonce;
  };
  const handler: RequestHandler = (req, res, next) => {
    res.locals.nonce = apply(res);
    // A preview is never shared (no cache, no hashes): only its nonce policy needs the wider framing.
    if (options.framedPreview?.isPreview(req)) {
      res.setHeader(
        "Content-Security-Policy",
        policyFor(`'self' 'nonce-${res.locals.nonce}'`, previewFrameAncestors),
      );
    }
    res.locals.applyScriptHashes = (scriptHashes: readonly string[]) =>
      res.setHeader("Content-Security-Policy", hashedPolicy(scriptHashes));
    next();
  };
  return { handler, apply };
}
