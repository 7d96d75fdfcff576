import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ResolvedBlock } from "@/src/cms/cms-types";
import { details } from "@/src/features/tickets/configurator/price-details.fixtures";
import TicketConfiguratorBlock from "./ticket-configurator";

const call = vi.fn();

vi.mock("@/src/components/api-context", () => ({
  ApiProvider: ({ children }: { children: React.ReactNode }) => children,
  useApiClients: () => ({ shop: { call }, portal: { call: vi.fn() } }),
}));

function renderBlock(data: unknown) {
  const block: ResolvedBlock = {
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
});

describe("ticket configurator block", () => {
  it("shows the configurator under the block's title and prices tickets for the block's page", async () => {
    call.mockReturnValue(new Promise(() => {}));
    const user = renderBlock(details);
    expect(screen.getByRole("heading", { name: "Stel je loten samen" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Stel je loten samen" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Maandtrekking december 2030" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "In winkelmandje" }));
    expect(call.mock.calls[0]![1]).toMatchObject({ params: { pageId: "loten-webshop" } });
  });

  it("shows the block notice when its data did not arrive", () => {
    renderBlock(null);
    expect(screen.getByText("Dit onderdeel kan nu niet worden getoond.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "In winkelmandje" })).not.toBeInTheDocument();
  });
});
