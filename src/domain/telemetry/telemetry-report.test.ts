import { describe, expect, it } from "vitest";
import { percentile, summariseTelemetry, telemetryTable } from "./telemetry-report";

const NOW = Date.parse("2026-12-31T12:00:00Z");
const vital = (page: string, name: string, value: number, minutesAgo = 5) =>
  JSON.stringify({ time: NOW - minutesAgo * 60_000, msg: "web vital", telemetry: { page, name, value } });

describe("the telemetry report", () => {
  it("takes the nearest-rank 75th percentile", () => {
    expect(percentile([400, 100, 300, 200], 75)).toBe(300);
    expect(percentile([100], 75)).toBe(100);
    expect(percentile([], 75)).toBeNaN();
  });

  it("summarises the last hour's vitals and client errors per page, skipping everything else", () => {
    const lines = [
      vital("/loten", "LCP", 1200),
      vital("/loten", "LCP", 900),
      vital("/loten", "LCP", 2500),
      vital("/loten", "LCP", 1100),
      vital("/loten", "CLS", 0.02),
      vital("/", "INP", 80),
      vital("/", "LCP", 9999, 90), // older than the hour
      vital("/", "XYZ", 1), // not a vital
      JSON.stringify({
        time: NOW - 60_000,
        msg: "client error",
        clientError: { url: "http://shop.test/loten?x=1" },
      }),
      JSON.stringify({ time: NOW - 60_000, msg: "request", url: "/" }),
      "not json",
      "{broken",
    ];
    const summary = summariseTelemetry(lines, new Date(NOW - 60 * 60_000));
    expect(summary).toEqual([
      { page: "/", clientErrors: 0, vitals: { INP: { count: 1, p75: 80 } } },
      {
        page: "/loten",
        clientErrors: 1,
        vitals: { LCP: { count: 4, p75: 1200 }, CLS: { count: 1, p75: 0.02 } },
      },
    ]);
    const table = telemetryTable(summary);
    expect(table).toContain("| /loten | 1200 ms (4) | - | 0.020 (1) | - | - | 1 |");
  });
});
