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
