import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./redirect-target";

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
