import { describe, expect, it } from "vitest";
import { dutchDateInputValue, parseDutchDate } from "./dutch-date";

describe("a date typed the Dutch way", () => {
  it.each([
    ["15-03-1990", "1990-03-15"],
    ["12041985", "1985-04-12"],
    ["12-04-1985", "1985-04-12"],
    ["1/2/2000", "2000-02-01"],
    ["01.02.2000", "2000-02-01"],
    ["1 2 2000", "2000-02-01"],
    [" 24 - 12 - 2026 ", "2026-12-24"],
    ["1990-03-15", "1990-03-15"],
  ])("reads %j as day, month, year: %s", (typed, iso) => {
    expect(parseDutchDate(typed)).toBe(iso);
  });

  it("returns a day that does not exist as typed, for the API's own refusal", () => {
    expect(parseDutchDate("31-04-1990")).toBe("1990-04-31");
  });

  it.each(["", "15-03-90", "1503199", "15031990 1", "maart 1990", "1990/03/15", "15-03"])(
    "does not guess at %j",
    (typed) => {
      expect(parseDutchDate(typed)).toBeUndefined();
    },
  );

  it("shows the API's date as dd-mm-jjjj and anything typed as it was", () => {
    expect(dutchDateInputValue("1990-03-15")).toBe("15-03-1990");
    expect(dutchDateInputValue("15-3-90")).toBe("15-3-90");
    expect(dutchDateInputValue(undefined)).toBe("");
  });
});
