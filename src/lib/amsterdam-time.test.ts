import { describe, expect, it } from "vitest";
import { amsterdamFields, amsterdamFieldsByIntl, amsterdamIsoDate, amsterdamTime } from "./amsterdam-time";

const HOUR_MS = 3_600_000;

describe("amsterdamTime", () => {
  it("uses winter time (UTC+1) in January and summer time (UTC+2) in July", () => {
    expect(amsterdamTime(2026, 1, 10, 19).toISOString()).toBe("2026-01-10T18:00:00.000Z");
    expect(amsterdamTime(2026, 7, 10, 19).toISOString()).toBe("2026-07-10T17:00:00.000Z");
  });

  it("round-trips through amsterdamFields", () => {
    const instant = amsterdamTime(2026, 12, 31, 23, 30);
    expect(amsterdamFields(instant)).toMatchObject({ year: 2026, month: 12, day: 31, hour: 23, minute: 30 });
  });
});

describe("amsterdamFields, computed", () => {
  it("agrees with the time-zone database every hour from 2020 to 2040", () => {
    const start = Date.UTC(2020, 0, 1);
    const end = Date.UTC(2041, 0, 1);
    const disagreements: string[] = [];
    for (let time = start; time < end; time += HOUR_MS) {
      const instant = new Date(time);
      const computed = amsterdamFields(instant);
      const database = amsterdamFieldsByIntl(instant);
      if (JSON.stringify(computed) !== JSON.stringify(database)) disagreements.push(instant.toISOString());
    }
    expect(disagreements).toEqual([]);
  }, 60_000);

  it("switches at 01:00 UTC on the last Sundays of March and October, to the minute", () => {
    // 2026: summer time from Sunday 29 March, winter time from Sunday 25 October.
    expect(amsterdamFields(new Date("2026-03-29T00:59:00Z"))).toMatchObject({ day: 29, hour: 1, minute: 59 });
    expect(amsterdamFields(new Date("2026-03-29T01:00:00Z"))).toMatchObject({ day: 29, hour: 3, minute: 0 });
    expect(amsterdamFields(new Date("2026-10-25T00:59:00Z"))).toMatchObject({ day: 25, hour: 2, minute: 59 });
    expect(amsterdamFields(new Date("2026-10-25T01:00:00Z"))).toMatchObject({ day: 25, hour: 2, minute: 0 });
  });

  it("asks the time-zone database outside the years of the EU rule, and refuses a date that is not one", () => {
    // 1980: the Netherlands' summer time then ended in September.
    const instant = new Date("1980-09-29T12:00:00Z");
    expect(amsterdamFields(instant)).toEqual(amsterdamFieldsByIntl(instant));
    expect(amsterdamFields(instant).hour).toBe(13);
    expect(() => amsterdamFields(new Date("geen datum"))).toThrow(RangeError);
  });
});

describe("amsterdamIsoDate", () => {
  it("is the date in the Netherlands, not in UTC", () => {
    // 23:30 UTC on 14 March is already 15 March in Amsterdam (CET, UTC+1).
    expect(amsterdamIsoDate(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15");
    // 22:30 UTC on 14 July is already 15 July in Amsterdam (CEST, UTC+2).
    expect(amsterdamIsoDate(new Date("2026-07-14T22:30:00Z"))).toBe("2026-07-15");
    expect(amsterdamIsoDate(new Date("2026-07-14T21:30:00Z"))).toBe("2026-07-14");
  });
});
