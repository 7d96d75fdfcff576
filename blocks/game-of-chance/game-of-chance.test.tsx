import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { GameOfChanceFields } from "@/content-models/game-of-chance";
import type { GameInfo } from "@/src/contract/games-of-chance";
import type { ViewBlock } from "../block-view-props";
import GameOfChanceBlock from "./game-of-chance";

const PROPS: GameOfChanceFields = {
  pageId: "win-een-auto",
  title: "Win een elektrische auto met je lotnummer",
  prizeText: "een elektrische auto",
  numberOfPrizes: 1,
  ticketsFrom: "2026-01-01",
  ticketsUntil: "2027-12-31",
  productTypes: [],
  maxParticipations: 5,
  startDate: "2026-11-01T00:00:00+01:00",
  endDate: "2027-12-31T23:59:00+01:00",
  optIns: ["actievoorwaarden"],
  requiredOptIns: ["actievoorwaarden"],
  entryMethods: ["online"],
};

const GAME: GameInfo = {
  pageId: "win-een-auto",
  title: PROPS.title,
  prizeText: PROPS.prizeText,
  state: "open",
  startsAt: "2026-10-31T23:00:00.000Z",
  endsAt: "2027-12-31T22:59:00.000Z",
  maxParticipations: 5,
  entryMethods: ["online"],
  optIns: [],
  winners: [],
};

function renderBlock(data: GameInfo) {
  const block: ViewBlock<"gameOfChance"> = {
    id: "game-win-een-auto",
    type: "gameOfChance",
    props: PROPS,
    data,
  };
  const Stub = createRoutesStub([
    { path: "/win-een-auto", Component: () => <GameOfChanceBlock block={block} /> },
  ]);
  render(<Stub initialEntries={["/win-een-auto"]} />);
}

describe("game of chance block", () => {
  it("says what can be won until when, and leads to entering while the game runs", () => {
    renderBlock(GAME);
    expect(screen.getByRole("heading", { name: PROPS.title })).toBeInTheDocument();
    expect(screen.getByText("Te winnen: een elektrische auto")).toBeInTheDocument();
    expect(screen.getByText(/met maximaal 5 loten/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Doe mee" })).toHaveAttribute("href", "/winactie/win-een-auto");
  });

  it("shows the winners once the game is drawn, and no way to enter", () => {
    renderBlock({
      ...GAME,
      state: "ended",
      winners: [{ place: 1, ticketNumber: "AB12345", name: "Eva T." }],
    });
    expect(screen.getByRole("list", { name: "De winnaars" })).toHaveTextContent("Eva T. met lot AB12345");
    expect(screen.queryByRole("link", { name: "Doe mee" })).toBeNull();
  });
});
