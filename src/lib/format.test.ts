import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatEuroCents,
  formatSignedEuroCents,
  formatWeekdayDate,
} from "./format";

// Intl puts a narrow no-break space or no-break space in some outputs; normalise for readable assertions.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatEuroCents", () => {
  it("formats integer cents as Dutch euros", () => {
    expect(plain(formatEuroCents(1750))).toBe("€ 17,50");
    expect(plain(formatEuroCents(1_002_000))).toBe("€ 10.020,00");
    expect(plain(formatEuroCents(0))).toBe("€ 0,00");
  });

  it("refuses fractional cents", () => {
    expect(() => formatEuroCents(17.5)).toThrow(RangeError);
  });
});

describe("amounts never break between their parts", () => {
  it("joins the sign, the euro sign and the number with non-breaking spaces", () => {
    expect(formatEuroCents(1750)).toBe("€\u00a017,50");
    expect(formatSignedEuroCents(-500)).toBe("\u2212\u00a0€\u00a05,00");
    expect(formatSignedEuroCents(100)).toBe("€\u00a01,00");
  });
});

describe("dates in Europe/Amsterdam", () => {
  it("shows the Amsterdam calendar day, not the UTC one", () => {
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("1 januari 2027");
  });

  it("shows summer time", () => {
    expect(plain(formatDateTime("2026-07-01T16:00:00Z"))).toContain("18:00");
  });

  it("names the weekday of the Amsterdam day, and the date and time together", () => {
    expect(formatWeekdayDate("2026-12-31T23:30:00Z")).toBe("vrijdag 1 januari 2027");
    expect(plain(formatDateTime("2026-12-10T17:00:00Z"))).toBe("10 december 2026 om 18:00");
  });
});
