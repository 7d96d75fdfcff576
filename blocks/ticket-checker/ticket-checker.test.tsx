import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicEnv } from "@/src/config/public-env";
import { ShellContext } from "@/src/shop/components/shell-context";
import type { PlayerState } from "@/src/shop/slices/player/player-store";
import { draws } from "@/src/shop/slices/results/ticket-checker/checkable-draws.fixtures";
import type { ViewBlock } from "../block-view-props";
import TicketCheckerBlock from "./ticket-checker";

let player: PlayerState = { status: "notLoggedIn" };

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));
vi.mock("@/src/shop/slices/player/player-store", () => ({ usePlayer: () => player }));

const env = { secureCookies: false } as PublicEnv;

function renderBlock(data: unknown) {
  // As the page payload brings it: the block checks its draws itself.
  const block: ViewBlock<"ticketChecker", unknown> = {
    id: "ticketchecker-trekkingsuitslag",
    type: "ticketChecker",
    props: { title: "Controleer je lotnummers" },
    data,
  };
  const Stub = createRoutesStub([
    { path: "/trekkingsuitslag", Component: () => <TicketCheckerBlock block={block} /> },
  ]);
  render(
    <ShellContext value={{ env }}>
      <Stub initialEntries={["/trekkingsuitslag"]} />
    </ShellContext>,
  );
}

beforeEach(() => {
  player = { status: "notLoggedIn" };
});

describe("ticket checker block", () => {
  it("offers the draws its loader found, newest first, under the block's title", () => {
    renderBlock(draws);
    expect(screen.getByRole("heading", { level: 2, name: "Controleer je lotnummers" })).toBeInTheDocument();
    const draw = screen.getByRole("combobox", { name: "Trekking" });
    // By date under their game (issue 43), newest first in each.
    expect(
      within(draw)
        .getAllByRole("group")
        .map((group) => [
          group.getAttribute("label"),
          within(group)
            .getAllByRole("option")
            .map((option) => option.textContent),
        ]),
    ).toEqual([
      ["Kroonloterij", ["10 november 2030", "1 januari 2030"]],
      ["Miljoenenspel", ["9 november 2030"]],
    ]);
    expect(screen.getByRole("button", { name: "Controleren" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Barcode" })).not.toBeInTheDocument();
  });

  it("offers a logged-in player the barcode entry too", () => {
    player = { status: "player", player: {} as Extract<PlayerState, { status: "player" }>["player"] };
    renderBlock(draws);
    expect(
      screen.getByRole("heading", { level: 3, name: "Winkellot toevoegen met barcode" }),
    ).toBeInTheDocument();
  });

  it("shows the block notice for data it cannot read", () => {
    renderBlock([{ drawId: "x" }]);
    expect(screen.getByText("Dit onderdeel kan nu niet worden getoond.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Controleren" })).not.toBeInTheDocument();
  });
});
