import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { saturdayDraw } from "@/src/shop/slices/tickets/million-game/million-game-draw.fixtures";
import type { BlockData, ViewBlock } from "../block-view-props";
import MillionGame from "./million-game";

const addToBasket = vi.fn();
vi.mock("@/src/shop/slices/basket/basket-store", () => ({
  addToBasket: (...args: unknown[]) => addToBasket(...args),
}));

function renderBlock(data: BlockData<"millionGame">, title?: string) {
  const block: ViewBlock<"millionGame"> = {
    id: "milliongame-loten",
    type: "millionGame",
    props: { title },
    data,
  };
  const Stub = createRoutesStub([{ path: "/loten", Component: () => <MillionGame block={block} /> }]);
  render(<Stub initialEntries={["/loten"]} />);
  return userEvent.setup();
}

describe("million game block", () => {
  it("sells tickets for the draw its loader found, under the block's title, into the basket", async () => {
    addToBasket.mockReturnValue("added");
    const user = renderBlock(saturdayDraw, "Speel ook mee met het Miljoenenspel");
    expect(screen.getByRole("heading", { name: "Speel ook mee met het Miljoenenspel" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Miljoenenspel 14 december 2030" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "In winkelmandje" }));
    expect(addToBasket).toHaveBeenCalledWith({
      _type: "MjsBasketTicket",
      basketItemId: "",
      quantity: 1,
      drawId: 2301,
    });
  });

  it("says no draw is open when its loader found none", () => {
    renderBlock(null);
    expect(screen.getByRole("heading", { name: "Miljoenenspel" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Er is op dit moment geen trekking van het Miljoenenspel waarvoor je loten kunt kopen.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "In winkelmandje" })).not.toBeInTheDocument();
  });
});
