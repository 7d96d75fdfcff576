import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileExamples, hostileTarget, landingOrigins } from "@/tests/support/hostile-targets";
import { absoluteReturnUrl, isSameSitePath, safeRedirectTarget } from "./redirect-target";

const SHOP = "https://www.kroonloterij.example";
const options = {
  baseUrl: SHOP,
  partnerHosts: ["bladwijzer.example", "partner.example:8443"],
  shopOrigins: ["https://m.kroonloterij.example"],
};
const hosts = {
  host: "evil.example",
  lookAlikes: ["bladwijzer.example", "partner.example", "www.kroonloterij.example", "m.kroonloterij.example"],
};
/** The pages that follow a target: the login page (Location, `location.assign`) and the completion step. */
const PAGES = [`${SHOP}/inloggen?returnUrl=x`, `${SHOP}/aanmelden/voltooien?returnUrl=x`];

function isAllowedOrigin(origin: string): boolean {
  if (origin === SHOP || options.shopOrigins.includes(origin)) return true;
  if (!/^https?:/.test(origin)) return false;
  const { host, hostname } = new URL(origin);
  return hostname === "bladwijzer.example" || host === "partner.example:8443";
}

/** A same-site answer is a plain path: no `//` or `/\` at its start, also not after decoding it once. */
function isPlainPath(result: string): boolean {
  const decoded = result.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return [result, decoded].every((value) => /^\/(?![/\\])/.test(value.replace(/[\t\n\r]/g, "")));
}

function assertStaysOnSite(target: string) {
  const result = safeRedirectTarget(target, options);
  for (const page of PAGES) {
    for (const origin of landingOrigins(result, page)) {
      expect(isAllowedOrigin(origin), `${JSON.stringify(target)} -> ${JSON.stringify(result)}`).toBe(true);
    }
  }
  if (result.startsWith("/")) expect(isPlainPath(result), JSON.stringify(result)).toBe(true);
}

describe("safeRedirectTarget against hostile targets", () => {
  it("sends each hand-picked trick home", () => {
    for (const target of hostileExamples(hosts)) {
      expect(safeRedirectTarget(target, options), JSON.stringify(target)).toBe("/");
    }
  });

  it("never lets a generated target lead a browser off the site, its partners or its front ends", () => {
    fc.assert(fc.property(hostileTarget(hosts), assertStaysOnSite), { numRuns: 3000 });
  }, 60_000);

  it("keeps generated paths of this site on this site, as plain paths", () => {
    const segment = fc.stringMatching(/^[a-z0-9%./\\\t-]{0,12}$/);
    const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join("/")}`);
    fc.assert(fc.property(path, assertStaysOnSite), { numRuns: 3000 });
  });

  it("gives another site (the operator's portal) only addresses on the shop, its front ends or partners", () => {
    fc.assert(
      fc.property(hostileTarget(hosts), (target) => {
        expect(isAllowedOrigin(new URL(absoluteReturnUrl(target, options)).origin)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("accepts as a payment return path only what stays on the page's own site", () => {
    fc.assert(
      fc.property(hostileTarget(hosts), (target) => {
        if (!isSameSitePath(target)) return;
        const page = "https://betalen.example/betaling/abc";
        for (const origin of landingOrigins(target, page)) expect(origin).toBe("https://betalen.example");
      }),
      { numRuns: 3000 },
    );
    expect(isSameSitePath("/bestelling/resultaat?transactionId=abc")).toBe(true);
  });
});
