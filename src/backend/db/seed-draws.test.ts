import { describe, expect, it } from "vitest";
import { classicDraws, millionGameDraws, seedDraws } from "./seed-draws";

const now = new Date("2026-11-21T12:00:00Z");

describe("seed draws", () => {
  it("numbers the July 2020 regular draw 1177", () => {
    const july2020 = classicDraws(now).find((draw) => draw.name === "Maandtrekking juli 2020");
    expect(july2020?.runningNumber).toBe(1177);
  });

  it("has the extra draws and the year-end draw with its guaranteed EUR 30 million jackpot", () => {
    const names = classicDraws(now).map((draw) => draw.name);
    expect(names).toContain("Koningsdagtrekking 2026");
    expect(names).toContain("Zomertrekking 2026");
    const yearEnd = classicDraws(now).find((draw) => draw.name === "Oudejaarstrekking 2026");
    expect(yearEnd?.jackpotCents).toBe(3_000_000_000);
    expect(yearEnd?.status).toBe("open");
  });

  it("marks past draws published and future ones open", () => {
    const october = classicDraws(now).find((draw) => draw.name === "Maandtrekking oktober 2026");
    const december = classicDraws(now).find((draw) => draw.name === "Maandtrekking december 2026");
    expect(october?.status).toBe("published");
    expect(december?.status).toBe("open");
  });

  it("draws the million game on Saturdays with sales closing at 17:00 Amsterdam time", () => {
    const draw = millionGameDraws(now).find((candidate) => candidate.drawAt > now)!;
    expect(new Date(draw.drawAt).getUTCDay()).toBe(6);
    expect(draw.salesCloseAt.toISOString()).toMatch(/T16:00:00/); // 17:00 in winter time
  });

  it("covers the last 24 months and the next draws, with unique ids", () => {
    const draws = seedDraws(now);
    const oldest = Math.min(...draws.map((draw) => draw.drawAt.getTime()));
    expect(oldest).toBeGreaterThanOrEqual(new Date("2024-11-21T00:00:00Z").getTime());
    expect(draws.some((draw) => draw.status === "open" && draw.gameType === "KROON")).toBe(true);
    expect(new Set(draws.map((draw) => draw.id)).size).toBe(draws.length);
  });
});
