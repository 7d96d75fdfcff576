import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DrawTickets } from "./issued-ticket-list";

const ticket = {
  drawId: 1250,
  number: "DR40718",
  productType: "SingleTicket" as const,
  fraction: "WHOLE" as const,
  withXl: false,
  multiplier: 1,
  group: 0,
};

describe("what happened to a prize", () => {
  it("says a shop ticket's prize is collected at a shop, an online one's where it went", () => {
    render(
      <MemoryRouter>
        <DrawTickets
          title="Maandtrekking november 2026"
          showPrizes
          tickets={[
            { ...ticket, purchaseType: "Retail", prizeInCents: 2_500 },
            { ...ticket, number: "HE77002", purchaseType: "Online", prizeInCents: 1_000, payout: "credited" },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("row", { name: /DR40718/ })).toHaveTextContent(
      "Haal je prijs op bij een verkooppunt van Kroonloterij",
    );
    expect(screen.getByRole("row", { name: /HE77002/ })).toHaveTextContent("Op je saldo gezet");
    expect(screen.getByRole("row", { name: /HE77002/ })).not.toHaveTextContent("verkooppunt");
  });
});

describe("a narrow screen (issue 43)", () => {
  it("scrolls the table inside a region named after the draw, which the keyboard can reach", () => {
    render(
      <MemoryRouter>
        <DrawTickets title="Maandtrekking november 2026" tickets={[{ ...ticket, purchaseType: "Online" }]} />
      </MemoryRouter>,
    );
    const region = screen.getByRole("region", { name: "Maandtrekking november 2026" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(region).toContainElement(screen.getByRole("table"));
  });
});

describe("a redeemed gift ticket (issue 43)", () => {
  it("is labelled Cadeaulot, not Online lot", () => {
    render(
      <MemoryRouter>
        <DrawTickets
          title="Maandtrekking december 2026"
          tickets={[{ ...ticket, purchaseType: "Online", gift: true }]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("row", { name: /DR40718/ })).toHaveTextContent("Cadeaulot");
    expect(screen.getByRole("row", { name: /DR40718/ })).not.toHaveTextContent("Online lot");
  });
});
