import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MillionGameDraw } from "./million-game-draw";
import { saturdayDraw } from "./million-game-draw.fixtures";
import { MillionGameSale } from "./million-game-sale";

const addToBasket = vi.fn();

/** Intl writes a no-break space after the euro sign; accessible names keep it. */
const nl = (text: string) => text.replaceAll("€ ", "€\u00a0");

function renderSale(draw: MillionGameDraw | undefined, title?: string) {
  const Stub = createRoutesStub([
    {
      path: "/loten",
      Component: () => <MillionGameSale title={title} draw={draw} addToBasket={addToBasket} />,
    },
  ]);
  render(<Stub initialEntries={["/loten"]} />);
  return userEvent.setup();
}

beforeEach(() => addToBasket.mockReset());
afterEach(() => vi.useRealTimers());

describe("million game sale", () => {
  it("shows the next Saturday draw with its closing time and jackpot", () => {
    renderSale(saturdayDraw, "Speel ook mee met het Miljoenenspel");
    expect(screen.getByRole("heading", { name: "Speel ook mee met het Miljoenenspel" })).toBeInTheDocument();
    expect(screen.getByText("Miljoenenspel 14 december 2030")).toBeInTheDocument();
    expect(screen.getByText("zaterdag 14 december 2030")).toBeInTheDocument();
    expect(screen.getByText("14 december 2030 om 17:00")).toBeInTheDocument();
    expect(screen.getByText("€ 3.250.000,00")).toBeInTheDocument();
    expect(screen.getByRole("spinbutton", { name: "Aantal loten" })).toHaveAccessibleDescription(
      nl("€ 1,00 per lot"),
    );
    expect(screen.getByText("Totaal: € 1,00")).toBeInTheDocument();
  });

  it("adds the chosen number of tickets to the basket and confirms with a link", async () => {
    addToBasket.mockReturnValue("added");
    const user = renderSale(saturdayDraw);
    const quantity = screen.getByRole("spinbutton", { name: "Aantal loten" });
    await user.clear(quantity);
    await user.type(quantity, "12");
    expect(screen.getByText("Totaal: € 12,00")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "In winkelmandje" }));
    expect(addToBasket).toHaveBeenCalledWith({
      _type: "MjsBasketTicket",
      basketItemId: "",
      quantity: 12,
      drawId: 2301,
    });
    expect(screen.getByText("Je Miljoenenspel-loten liggen in je winkelmandje.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bekijk je winkelmandje" })).toHaveAttribute(
      "href",
      "/winkelmandje",
    );
  });

  it("refuses a quantity outside 1 to 100", async () => {
    const user = renderSale(saturdayDraw);
    const quantity = screen.getByRole("spinbutton", { name: "Aantal loten" });
    await user.clear(quantity);
    await user.type(quantity, "101");
    // No total for a quantity in error, not the last valid one's.
    expect(screen.getByText("Totaal: –")).toBeInTheDocument();
    expect(screen.queryByText(/Totaal: €/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "In winkelmandje" }));
    expect(quantity).toHaveAccessibleDescription(nl("€ 1,00 per lot Kies een aantal van 1 tot en met 100"));
    expect(quantity).toHaveFocus();
    expect(addToBasket).not.toHaveBeenCalled();
  });

  it("confirms nothing when the basket is full (the basket store shows its own message)", async () => {
    addToBasket.mockReturnValue("overLimit");
    const user = renderSale(saturdayDraw);
    await user.click(screen.getByRole("button", { name: "In winkelmandje" }));
    expect(addToBasket).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("link", { name: "Bekijk je winkelmandje" })).not.toBeInTheDocument();
  });

  it("says so when no draw is open", () => {
    renderSale(undefined);
    expect(screen.getByRole("heading", { name: "Miljoenenspel" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Er is op dit moment geen trekking van het Miljoenenspel waarvoor je loten kunt kopen.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "In winkelmandje" })).not.toBeInTheDocument();
  });

  it("hides a draw whose sales closed since the page was rendered", () => {
    vi.useFakeTimers({ now: new Date("2030-12-14T16:00:01Z"), toFake: ["Date"] });
    renderSale(saturdayDraw);
    expect(screen.queryByRole("button", { name: "In winkelmandje" })).not.toBeInTheDocument();
  });
});
