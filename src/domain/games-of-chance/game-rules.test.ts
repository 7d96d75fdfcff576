import { describe, expect, it } from "vitest";
import { gameState, isEligible, maskedName, planEntries, readTicketNumber } from "./game-rules";

const game = {
  startsAt: new Date("2026-11-01T00:00:00+01:00"),
  endsAt: new Date("2027-01-01T00:00:00+01:00"),
};

describe("a game's state", () => {
  it("is open from its start up to (not including) its end", () => {
    expect(gameState(game, new Date("2026-10-31T23:59:59+01:00"))).toBe("notStarted");
    expect(gameState(game, new Date("2026-11-01T00:00:00+01:00"))).toBe("open");
    expect(gameState(game, new Date("2027-01-01T00:00:00+01:00"))).toBe("ended");
  });
});

describe("which tickets count", () => {
  const rule = { ticketsFrom: "2026-12-01", ticketsUntil: "2026-12-31", productTypes: ["SingleTicket"] };

  it("counts draws on the Amsterdam dates of the rule, inclusive, of its product types", () => {
    // 31 December 23:30 in Amsterdam is still the 31st there (22:30 UTC).
    expect(isEligible(rule, { drawAt: new Date("2026-12-31T22:30:00Z"), productType: "SingleTicket" })).toBe(
      true,
    );
    expect(isEligible(rule, { drawAt: new Date("2026-12-31T23:30:00Z"), productType: "SingleTicket" })).toBe(
      false,
    );
    expect(isEligible(rule, { drawAt: new Date("2026-11-30T23:30:00Z"), productType: "SingleTicket" })).toBe(
      true,
    );
    expect(isEligible(rule, { drawAt: new Date("2026-12-10T18:00:00Z"), productType: "Street" })).toBe(false);
    expect(
      isEligible(
        { ...rule, productTypes: [] },
        { drawAt: new Date("2026-12-10T18:00:00Z"), productType: "Street" },
      ),
    ).toBe(true);
  });
});

describe("typed ticket numbers (spec section 5)", () => {
  it("are 7 characters once whitespace is removed: 2 letters and 5 digits", () => {
    expect(readTicketNumber(" ab 12345 ")).toBe("AB12345");
    expect(readTicketNumber("AB1234")).toBeUndefined();
    expect(readTicketNumber("1212345")).toBeUndefined();
  });
});

describe("planning entries", () => {
  it("refuses a ticket named twice, one already entered, and those beyond the participations left", () => {
    expect(planEntries(["a", "b", "a", "c", "d"], new Set(["c"]), 1)).toEqual({
      tryKeys: ["a"],
      refused: [
        { key: "b", reason: "maximum" },
        { key: "a", reason: "duplicate" },
        { key: "c", reason: "duplicate" },
        { key: "d", reason: "maximum" },
      ],
    });
  });
});

describe("a winner's name", () => {
  it("is the first name and the initial of the last name", () => {
    expect(maskedName("Eva", "de Tester")).toBe("Eva T.");
    expect(maskedName(" Wim ", "")).toBe("Wim");
  });
});
