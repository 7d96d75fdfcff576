import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { GiftTicketFields } from "@/content-models/gift-ticket";
import { details } from "@/src/shop/slices/tickets/configurator/price-details.fixtures";
import type { BlockData, ViewBlock } from "../block-view-props";
import GiftTicketBlock from "./gift-ticket";

function renderBlock(
  data: BlockData<"giftTicket">,
  fractions: GiftTicketFields["fractions"] = ["WHOLE", "ONE_FIFTH"],
) {
  const block: ViewBlock<"giftTicket"> = {
    id: "giftticket-cadeau",
    type: "giftTicket",
    props: {
      pageId: "cadeau",
      title: "Kies je cadeaulot",
      text: "Een lot voor een trekking naar keuze.",
      fractions,
    },
    data,
  };
  const Stub = createRoutesStub([{ path: "/cadeau", Component: () => <GiftTicketBlock block={block} /> }]);
  render(<Stub initialEntries={["/cadeau"]} />);
}

describe("gift ticket block", () => {
  it("offers the draws that sell the block's tickets, with prices, in a form that posts to /cadeau/geven", () => {
    renderBlock(details);
    const form = screen.getByRole("form", { name: "Geef een lot cadeau" }) as HTMLFormElement;
    expect(form).toHaveAttribute("action", "/cadeau/geven");
    expect(form).toHaveAttribute("method", "post");
    expect(new FormData(form).get("pageId")).toBe("cadeau");
    // Radio buttons, whose labels wrap on a phone (a select cut them off, issue 43). Both draws sell a whole
    // ticket; the year-end draw sells no fifth, but a whole one can be given.
    const draws = within(form).getByRole("group", { name: "Trekking" });
    expect(
      within(draws)
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent),
    ).toEqual([
      expect.stringMatching(/^ Maandtrekking december 2030/),
      expect.stringMatching(/^ Oudejaarstrekking 2030/),
    ]);
    expect(within(draws).getAllByRole("radio")[0]).toBeChecked();
    expect(within(form).getByRole("radio", { name: /^Heel lot \(€\s17,50\)$/ })).toBeChecked();
    expect(within(form).getByRole("radio", { name: /^Vijfde lot \(€\s3,50\)$/ })).toBeInTheDocument();
    for (const label of [
      "Naam van de ontvanger",
      "E-mailadres van de ontvanger",
      "Je bericht (optioneel)",
      "Versturen op",
    ]) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
  });

  it("offers only what the editor chose", () => {
    renderBlock(details, ["WHOLE"]);
    expect(screen.queryByRole("radio", { name: /^Vijfde lot/ })).not.toBeInTheDocument();
  });

  it("has a redeem form that asks the redeem page for the code", () => {
    renderBlock(details);
    const form = screen.getByRole("form", { name: "Cadeaulot verzilveren" });
    expect(form).toHaveAttribute("action", "/cadeau/verzilveren");
    expect(form).toHaveAttribute("method", "get");
    expect(within(form).getByLabelText("Code")).toHaveAttribute("name", "code");
  });
});
