import { describe, expect, it } from "vitest";
import { campaignState, mayUseAgain } from "./campaign-state";

const window = {
  active: true,
  startsAt: new Date("2026-12-01T00:00:00+01:00"),
  endsAt: new Date("2027-01-01T00:00:00+01:00"),
};

describe("a campaign's state", () => {
  it("is open from its start up to (not including) its end", () => {
    expect(campaignState(window, new Date("2026-12-01T00:00:00+01:00"))).toBe("open");
    expect(campaignState(window, new Date("2026-12-31T23:59:59+01:00"))).toBe("open");
    expect(campaignState(window, new Date("2027-01-01T00:00:00+01:00"))).toBe("expired");
  });

  it("is not active before its start or while switched off, and expired once over whatever its flag", () => {
    expect(campaignState(window, new Date("2026-11-30T23:59:59+01:00"))).toBe("notActive");
    expect(campaignState({ ...window, active: false }, new Date("2026-12-10T12:00:00+01:00"))).toBe(
      "notActive",
    );
    expect(campaignState({ ...window, active: false }, new Date("2027-02-01T12:00:00+01:00"))).toBe(
      "expired",
    );
  });

  it("lets a player use a general code fewer times than its maximum", () => {
    expect(mayUseAgain(0, 1)).toBe(true);
    expect(mayUseAgain(1, 1)).toBe(false);
    expect(mayUseAgain(1, 2)).toBe(true);
  });
});
