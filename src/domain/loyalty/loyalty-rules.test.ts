import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pointsForAmount, pointsForPaidOrder } from "./loyalty-rules";

describe("pointsForAmount", () => {
  it("gives 1 point per whole euro; the cents of a started euro earn nothing", () => {
    expect(pointsForAmount(1_750)).toBe(17);
    expect(pointsForAmount(1_799)).toBe(17);
    expect(pointsForAmount(1_800)).toBe(18);
    expect(pointsForAmount(99)).toBe(0);
  });

  it("gives nothing for a free order, a negative or fractional amount", () => {
    expect(pointsForAmount(0)).toBe(0);
    expect(pointsForAmount(-2_500)).toBe(0);
    expect(pointsForAmount(1_250.5)).toBe(0);
  });

  it("never gives more points than whole euros paid, and never less than one short of them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const points = pointsForAmount(cents);
        expect(points * 100).toBeLessThanOrEqual(cents);
        expect((points + 1) * 100).toBeGreaterThan(cents);
      }),
    );
  });
});

describe("pointsForPaidOrder", () => {
  const joined = new Date("2026-12-01T10:00:00Z");

  it("credits an order paid after the player joined", () => {
    const paidAt = new Date("2026-12-02T10:00:00Z");
    expect(pointsForPaidOrder({ totalCents: 3_500, paidAt, joinedAt: joined })).toBe(35);
  });

  it("credits an order paid the moment the player joined", () => {
    expect(pointsForPaidOrder({ totalCents: 3_500, paidAt: joined, joinedAt: joined })).toBe(35);
  });

  it("credits nothing to a player who is not a member, or who joined after the order was paid", () => {
    const paidAt = new Date("2026-11-30T10:00:00Z");
    expect(pointsForPaidOrder({ totalCents: 3_500, paidAt, joinedAt: null })).toBe(0);
    expect(pointsForPaidOrder({ totalCents: 3_500, paidAt, joinedAt: joined })).toBe(0);
  });
});
