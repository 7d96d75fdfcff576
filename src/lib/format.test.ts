import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatEuroCents,
  formatLastDay,
  formatSignedEuroCents,
  formatWeekdayDate,
  formatWholeNumber,
  keepAmountsWhole,
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

describe("an editor's amounts (issue 43)", () => {
  it("joins the euro sign to the number after it, and only there", () => {
    expect(keepAmountsWhole("€ 30 miljoen, € −5 en €  1.000,00")).toBe(
      "€\u00a030 miljoen, €\u00a0−5 en €\u00a01.000,00",
    );
    expect(keepAmountsWhole("Prijzen in € of in punten")).toBe("Prijzen in € of in punten");
  });
});

describe("dates in Europe/Amsterdam", () => {
  it("shows the Amsterdam calendar day, not the UTC one", () => {
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("1 januari 2027");
  });

  it("says a period ending at midnight ends on the day before, and one ending at midday on that day", () => {
    expect(formatLastDay("2027-01-31T23:00:00Z")).toBe("31 januari 2027");
    expect(formatLastDay("2027-01-26T12:00:00Z")).toBe("26 januari 2027");
  });

  it("shows summer time", () => {
    expect(plain(formatDateTime("2026-07-01T16:00:00Z"))).toContain("18:00");
  });

  it("names the weekday of the Amsterdam day, and the date and time together", () => {
    expect(formatWeekdayDate("2026-12-31T23:30:00Z")).toBe("vrijdag 1 januari 2027");
    expect(plain(formatDateTime("2026-12-10T17:00:00Z"))).toBe("10 december 2026 om 18:00");
  });
});

describe("the same text as nl-NL's Intl formats", () => {
  const euros = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });
  const date = (extra: Intl.DateTimeFormatOptions = {}) =>
    new Intl.DateTimeFormat("nl-NL", {
      timeZone: "Europe/Amsterdam",
      day: "numeric",
      month: "long",
      year: "numeric",
      ...extra,
    });

  it("for amounts from minus a million to a billion euros", () => {
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, 100_000_000_000];
    for (const cents of [...amounts, ...amounts.slice(1).map((cents) => -cents)])
      expect(formatEuroCents(cents), String(cents)).toBe(euros.format(cents / 100));
    for (let cents = -100_000; cents <= 2_000_000; cents += 7_919)
      expect(formatEuroCents(cents), String(cents)).toBe(euros.format(cents / 100));
  });

  it("for whole numbers", () => {
    for (const value of [0, 7, 999, 1000, 12_345, 1_234_567, -4_500])
      expect(formatWholeNumber(value)).toBe(value.toLocaleString("nl-NL"));
    expect(() => formatWholeNumber(1.5)).toThrow(RangeError);
  });

  it("for dates, every 97 minutes from 2025 to 2028", () => {
    const [day, dateTime, weekday] = [
      date(),
      date({ hour: "2-digit", minute: "2-digit" }),
      date({ weekday: "long" }),
    ];
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2028, 0, 1); time += 97 * 60_000) {
      const instant = new Date(time);
      expect(formatDate(instant)).toBe(day.format(instant));
      expect(formatDateTime(instant)).toBe(dateTime.format(instant));
      expect(formatWeekdayDate(instant)).toBe(weekday.format(instant));
    }
  }, 60_000);
});
