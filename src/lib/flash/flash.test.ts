import { describe, expect, it } from "vitest";
import { createFlash, flashDisplayTime, parseFlash, serialiseFlash } from "./flash";

describe("flashDisplayTime", () => {
  it("shows a short message for the minimum of 2000 ms", () => {
    expect(flashDisplayTime("Je bent ingelogd.")).toBe(2000);
    expect(flashDisplayTime("")).toBe(2000);
  });

  it("shows a long message for its length at 540 characters a minute", () => {
    expect(flashDisplayTime("x".repeat(540))).toBe(60_000);
    expect(flashDisplayTime("x".repeat(27))).toBe(3_000);
  });
});

describe("flash cookie", () => {
  it("round-trips a message with the default variant and auto-hide", () => {
    const flash = createFlash("Je bent uitgelogd.");
    expect(flash).toEqual({ message: "Je bent uitgelogd.", variant: "information", autoHide: true });
    expect(parseFlash(serialiseFlash(flash))).toEqual(flash);
  });

  it("ignores a tampered or empty cookie and unknown variants", () => {
    expect(parseFlash("niet-json")).toBeUndefined();
    expect(parseFlash(encodeURIComponent(JSON.stringify({ message: "" })))).toBeUndefined();
    expect(parseFlash(encodeURIComponent(JSON.stringify({ message: "Hoi", variant: "<b>" })))?.variant).toBe(
      "information",
    );
  });
});
