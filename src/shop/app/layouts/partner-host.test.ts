import { describe, expect, it } from "vitest";
import { pageBelongsOnHost, partnerLandingPath } from "./partner-host";

describe("a partner's white-label host (issue 40)", () => {
  it("has the partner's own page as its home", () => {
    expect(partnerLandingPath("tankstation")).toBe("/partner/tankstation");
  });

  it("shows the shop's pages and its own, never another partner's", () => {
    expect(pageBelongsOnHost("bladwijzer", undefined)).toBe(true);
    expect(pageBelongsOnHost("bladwijzer", "bladwijzer")).toBe(true);
    expect(pageBelongsOnHost("bladwijzer", "tankstation")).toBe(false);
    // The shop's own host shows every page, a partner's too (its campaign pages link there).
    expect(pageBelongsOnHost(undefined, "tankstation")).toBe(true);
  });
});
