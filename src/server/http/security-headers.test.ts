import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createSecurityHeaders } from "./security-headers";

/** The headers the middleware sets on one answer, and what it leaves in `res.locals`. */
function answer(middleware: ReturnType<typeof createSecurityHeaders>["handler"], req = {} as Request) {
  const headers = new Map<string, string>();
  const res = {
    locals: {} as Record<string, unknown>,
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
  };
  middleware(req, res as unknown as Response, () => undefined);
  const directive = (name: string) =>
    headers
      .get("content-security-policy")
      ?.split("; ")
      .find((part) => part.startsWith(`${name} `));
  return { headers, locals: res.locals, directive };
}

const options = { partnerHosts: ["bladwijzer.localhost"], secure: true, dev: false };

describe("securityHeaders", () => {
  it("lets forms post to and end on this site and the configured form targets only", () => {
    const { directive } = answer(
      createSecurityHeaders({ ...options, formTargets: ["https://portal.example", "https://www.example.nl"] })
        .handler,
    );
    expect(directive("form-action")).toBe("form-action 'self' https://portal.example https://www.example.nl");
    expect(answer(createSecurityHeaders(options).handler).directive("form-action")).toBe(
      "form-action 'self'",
    );
  });

  it("allows scripts by a fresh nonce per answer, or by the hashes of a shared page's scripts", () => {
    const first = answer(createSecurityHeaders(options).handler);
    const second = answer(createSecurityHeaders(options).handler);
    expect(first.directive("script-src")).toBe(`script-src 'self' 'nonce-${first.locals.nonce}'`);
    expect(second.locals.nonce).not.toBe(first.locals.nonce);

    (first.locals.applyScriptHashes as (hashes: string[]) => void)(["'sha256-abc='"]);
    expect(first.directive("script-src")).toBe("script-src 'strict-dynamic' 'sha256-abc=' 'self'");
    expect(first.directive("frame-ancestors")).toBe("frame-ancestors 'self' https://bladwijzer.localhost");
    expect(first.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("lets Contentful's web app frame an editor's preview only (decision 27)", () => {
    const security = createSecurityHeaders({
      ...options,
      framedPreview: {
        isPreview: (req) => req.headers.cookie === "kl_preview=ok",
        origins: ["https://app.contentful.com"],
      },
    });
    const preview = answer(security.handler, { headers: { cookie: "kl_preview=ok" } } as Request);
    expect(preview.directive("frame-ancestors")).toBe(
      "frame-ancestors 'self' https://bladwijzer.localhost https://app.contentful.com",
    );
    expect(preview.directive("script-src")).toBe(`script-src 'self' 'nonce-${preview.locals.nonce}'`);
    const player = answer(security.handler, { headers: {} } as Request);
    expect(player.directive("frame-ancestors")).toBe("frame-ancestors 'self' https://bladwijzer.localhost");
  });
});
