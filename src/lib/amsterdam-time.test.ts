import { describe, expect, it } from "vitest";
import { amsterdamFields, amsterdamTime } from "./amsterdam-time";

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
