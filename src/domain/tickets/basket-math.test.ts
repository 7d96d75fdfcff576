import { describe, expect, it } from "vitest";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";
import { totalTickets, totalUnits } from "./basket-math";

describe("counting a basket", () => {
  it("counts a multiplier against the limit but not as tickets (issue 43: one ticket at 3x is 1 lot)", () => {
    const tripled = classicTicket({ productType: "SingleTicket", quantity: 1, multiplier: 3 });
    expect(totalUnits([tripled])).toBe(3);
    expect(totalTickets([tripled])).toBe(1);
  });

  it("counts a street as ten tickets, times its quantity, and each Miljoenenspel ticket once", () => {
    const streets = classicTicket({ productType: "Street", quantity: 2, multiplier: 2 });
    expect(totalTickets([streets, millionGameTicket({ quantity: 3 })])).toBe(23);
  });
});
