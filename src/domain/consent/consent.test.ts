import { describe, expect, it } from "vitest";
import {
  allows,
  CONSENT_MARKER_SCRIPT,
  consentCookie,
  consentCookieName,
  parseConsentValue,
} from "./consent";

const NOW = new Date("2026-12-31T12:00:00Z");

describe("consent levels", () => {
  it("allows measurement from beperkt and marketing only at optimaal; no choice allows neither", () => {
    expect(allows(undefined, "measurement")).toBe(false);
    expect(allows("basis", "measurement")).toBe(false);
    expect(allows("beperkt", "measurement")).toBe(true);
    expect(allows("beperkt", "marketing")).toBe(false);
    expect(allows("optimaal", "marketing")).toBe(true);
  });
});

describe("the consent cookie", () => {
  it("is kept 365 days on the parent domain, `__Secure-` and Secure on https", () => {
    expect(consentCookie("beperkt", { secure: true, domain: ".kroonloterij.nl" }, NOW)).toBe(
      "__Secure-kl_consent=1.beperkt.1798718400; Max-Age=31536000; Path=/; SameSite=Lax; Domain=.kroonloterij.nl; Secure",
    );
    expect(consentCookie("basis", { secure: false }, NOW)).toBe(
      "kl_consent=1.basis.1798718400; Max-Age=31536000; Path=/; SameSite=Lax",
    );
    expect(consentCookieName(true)).toBe("__Secure-kl_consent");
  });

  it("reads back what it wrote", () => {
    const value = consentCookie("optimaal", { secure: false }, NOW).split(";")[0]?.split("=")[1];
    expect(parseConsentValue(value, NOW)).toEqual({
      level: "optimaal",
      chosenAt: new Date("2026-12-31T12:00:00Z"),
    });
  });

  it("treats a forged, malformed, future or too old value as no consent", () => {
    for (const value of [
      undefined,
      "",
      "optimaal",
      "1.alles.1798718400",
      "2.optimaal.1798718400",
      "1.optimaal.1798718400;x",
      "1.optimaal.abc",
      "1.optimaal.1898718400",
      "1.optimaal.1700000000",
    ]) {
      expect(parseConsentValue(value, NOW), String(value)).toBeUndefined();
    }
  });

  it("is read before the first paint by the marker script, which marks only a valid level", () => {
    const run = (cookie: string) => {
      const attributes: Record<string, string> = {};
      const document = {
        cookie,
        documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
      };
      new Function("document", CONSENT_MARKER_SCRIPT)(document);
      return attributes["data-consent"];
    };
    expect(run("a=b; kl_consent=1.beperkt.1798718400")).toBe("beperkt");
    expect(run("__Secure-kl_consent=1.optimaal.1798718400; x=y")).toBe("optimaal");
    expect(run("kl_consent=optimaal")).toBeUndefined();
    expect(run("xkl_consent=1.optimaal.1798718400")).toBeUndefined();
  });
});
