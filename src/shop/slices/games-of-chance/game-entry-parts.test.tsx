import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { GameInfo } from "@/src/contract/games-of-chance";
import { OPT_INS } from "@/src/domain/promotions/opt-ins";
import { EntryResultList, GameOptIns } from "./game-entry-parts";

describe("a game's opt-ins", () => {
  it("links the actievoorwaarden a required box accepts, in a new window so the form stays (issue 43)", () => {
    const optIns = OPT_INS.filter((optIn) => ["actievoorwaarden", "nieuwsbrief"].includes(optIn.id)).map(
      (optIn) => ({ ...optIn, required: optIn.id === "actievoorwaarden" }),
    );
    render(<GameOptIns game={{ optIns } as unknown as GameInfo} prefix="typed" />);
    const terms = screen.getByRole("link", { name: "Lees de actievoorwaarden (opent in een nieuw venster)" });
    expect(terms).toHaveAttribute("href", "/actievoorwaarden");
    expect(terms).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("checkbox", { name: /actievoorwaarden van deze winactie/ })).not.toBeChecked();
    // The newsletter's box accepts no terms: no link beside it.
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });
});

describe("what an entry did", () => {
  it("names each failed ticket's reason in Dutch, also where the API gives the spec's English (issue 43)", () => {
    // As POST .../subscribe/manual answers when one typed number entered and two did not.
    render(
      <EntryResultList
        result={{
          entered: [{ ticketNumber: "KB12345" }],
          failed: [
            { ticketNumber: "AB1234", code: "Invalid", reason: "Not a valid ticket number" },
            { ticketNumber: "ZZ99999", code: "Invalid", reason: "Dit lot hoort niet bij jouw account." },
          ],
          participations: 1,
          maxParticipations: 5,
        }}
      />,
    );
    expect(
      within(screen.getByRole("list", { name: "Loten die meedoen" })).getByRole("listitem"),
    ).toHaveTextContent("KB12345");
    expect(
      within(screen.getByRole("list", { name: "Loten die niet meedoen" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["AB1234: Dit is geen geldig lotnummer.", "ZZ99999: Dit lot hoort niet bij jouw account."]);
    expect(document.body).not.toHaveTextContent("Not a valid ticket number");
  });
});
