import { describe, expect, it } from "vitest";
import { absoluteReturnUrl, safeRedirectTarget } from "./redirect-target";

const options = { baseUrl: "https://www.kroonloterij.example", partnerHosts: ["bladwijzer.example"] };

describe("safeRedirectTarget", () => {
  it("keeps paths of this site with their query and hash", () => {
    expect(safeRedirectTarget("/mijn?tab=loten#boven", options)).toBe("/mijn?tab=loten#boven");
    expect(safeRedirectTarget("https://www.kroonloterij.example/loten", options)).toBe("/loten");
  });

  it("follows configured partner hosts", () => {
    expect(safeRedirectTarget("https://bladwijzer.example/loterij", options)).toBe(
      "https://bladwijzer.example/loterij",
    );
    // Written as the URL parser writes it: a browser goes to the same address.
    expect(safeRedirectTarget("HTTPS://BLADWIJZER.EXAMPLE/loterij", options)).toBe(
      "https://bladwijzer.example/loterij",
    );
  });

  it("reads a path as a browser does: dot segments, backslashes, tabs and encoded slashes", () => {
    expect(safeRedirectTarget("/mijn/../loten/./2026", options)).toBe("/loten/2026");
    expect(safeRedirectTarget("/mijn\\loten", options)).toBe("/mijn/loten");
    expect(safeRedirectTarget("/mi\tjn", options)).toBe("/mijn");
    for (const target of [
      "/a/..//evil.example",
      "/%2e%2e//evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%252F%252Fevil.example",
      "/\t/evil.example",
      "https://www.kroonloterij.example//evil.example",
    ]) {
      expect(safeRedirectTarget(target, options), JSON.stringify(target)).toBe("/");
    }
  });

  it("does not follow a partner's name with another host behind it", () => {
    for (const target of [
      "https://bladwijzer.example@evil.example/",
      "https://user:pass@bladwijzer.example/",
      "https://bladwijzer.example.evil.example/",
      "https://evil.example#@bladwijzer.example",
      "https://evil.example\\@bladwijzer.example",
      "https://bladwijz\u0435r.example/",
    ]) {
      expect(safeRedirectTarget(target, options), JSON.stringify(target)).toBe("/");
    }
  });

  it("sends everything else home", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "https://www.kroonloterij.example.evil.example/",
      "  //evil.example",
      "",
      undefined,
    ]) {
      expect(safeRedirectTarget(target, options)).toBe("/");
    }
  });
});

describe("absoluteReturnUrl", () => {
  const options = {
    baseUrl: "https://www.kroonloterij.example",
    partnerHosts: ["bladwijzer.example"],
    shopOrigins: ["https://m.kroonloterij.example"],
  };
  it("names this shop's origin for a path, keeps a partner's or another front end's address", () => {
    expect(absoluteReturnUrl("/mijn?tab=1", options)).toBe("https://www.kroonloterij.example/mijn?tab=1");
    expect(absoluteReturnUrl("https://bladwijzer.example/loten", options)).toBe(
      "https://bladwijzer.example/loten",
    );
    expect(absoluteReturnUrl("https://m.kroonloterij.example/mijn", options)).toBe(
      "https://m.kroonloterij.example/mijn",
    );
  });
  it("sends anything unsafe to this shop's home page", () => {
    expect(absoluteReturnUrl("//evil.example/", options)).toBe("https://www.kroonloterij.example/");
    expect(absoluteReturnUrl("https://evil.example/", options)).toBe("https://www.kroonloterij.example/");
    expect(absoluteReturnUrl(undefined, options)).toBe("https://www.kroonloterij.example/");
  });
});
