import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { details } from "@/src/shop/slices/tickets/configurator/price-details.fixtures";
import { classicTicket } from "@/tests/support/basket-tickets";
import type { BlockData, ViewBlock } from "../block-view-props";
import TicketConfiguratorBlock from "./ticket-configurator";

const call = vi.fn();
const addToBasket = vi.fn();

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call }, portal: { call: vi.fn() } }),
}));
vi.mock("@/src/shop/slices/basket/basket-store", () => ({
  addToBasket: (...args: unknown[]) => addToBasket(...args),
}));

function renderBlock(data: BlockData<"ticketConfigurator">) {
  const block: ViewBlock<"ticketConfigurator"> = {
    id: "ticketconfigurator-loten",
    type: "ticketConfigurator",
    props: { pageId: "loten-webshop", title: "Stel je loten samen" },
    data,
  };
  const Stub = createRoutesStub([
    { path: "/loten", Component: () => <TicketConfiguratorBlock block={block} /> },
  ]);
  render(<Stub initialEntries={["/loten"]} />);
  return userEvent.setup();
}

beforeEach(() => {
  call.mockReset();
  addToBasket.mockReset();
});

describe("ticket configurator block", () => {
  it("shows the configurator under the block's title and adds tickets priced for its page to the basket", async () => {
    const ticket = classicTicket({ basketItemId: "" });
    call.mockResolvedValue({ ticket, totalInCents: 1750 });
    addToBasket.mockReturnValue("added");
    const user = renderBlock(details);
    expect(screen.getByRole("heading", { name: "Stel je loten samen" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Stel je loten samen" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Maandtrekking december 2030" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "In winkelmandje" }));
    expect(call.mock.calls[0]![1]).toMatchObject({ params: { pageId: "loten-webshop" } });
    expect(await screen.findByText("Je loten liggen in je winkelmandje.")).toBeInTheDocument();
    expect(addToBasket).toHaveBeenCalledWith(ticket);
  });
});
