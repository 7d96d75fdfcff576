import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { lineTotal } from "@/src/domain/tickets/basket-math";
import { classicTicket } from "@/tests/support/basket-tickets";
import { BasketSummary } from "./basket-summary";

const ticket = classicTicket({ productType: "SingleTicket", quantity: 1, multiplier: 3 });
const total = lineTotal(ticket);

function summary(offers?: Parameters<typeof BasketSummary>[0]["offers"]) {
  render(
    <MemoryRouter>
      <BasketSummary tickets={[ticket]} blocked={false} offers={offers} />
    </MemoryRouter>,
  );
  return { term: screen.getByRole("term").textContent, amount: screen.getByRole("definition").textContent };
}

const euro = (cents: number) => `€\u00a0${(cents / 100).toFixed(2).replace(".", ",")}`;

describe("the basket's total beside Afrekenen", () => {
  it("counts one ticket at 3x as 1 lot (issue 43)", () => {
    expect(summary()).toEqual({ term: "Totaal", amount: `${euro(total)} (1 lot)` });
  });

  it("is the amount the checkout asks when an offer applies", () => {
    const offers = { adjustments: [{ status: "applies", amountInCents: -500 }], totalInCents: total - 500 };
    expect(summary(offers)).toEqual({ term: "Totaal met actie", amount: `${euro(total - 500)} (1 lot)` });
  });

  it("is the basket's own total when no offer applies, or the basket changed since they were priced", () => {
    const notQualified = { adjustments: [{ status: "notQualified" }], totalInCents: total };
    expect(summary(notQualified).term).toBe("Totaal");
  });

  it("ignores offers priced for another basket", () => {
    const stale = { adjustments: [{ status: "applies", amountInCents: -500 }], totalInCents: 1_000 };
    expect(summary(stale)).toEqual({ term: "Totaal", amount: `${euro(total)} (1 lot)` });
  });
});
