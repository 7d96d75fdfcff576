import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EntryResultList } from "./game-entry-parts";

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
