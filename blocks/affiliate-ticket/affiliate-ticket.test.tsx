import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AffiliateTicketFields } from "@/content-models/affiliate-ticket";
import type { ViewBlock } from "../block-view-props";
import AffiliateTicketBlock from "./affiliate-ticket";

const PROPS: AffiliateTicketFields = {
  pageId: "dagblad-lezers",
  title: "Lezersaanbieding",
  text: "Een heel lot voor lezers.",
  partnerName: "Het Dagblad",
  partnerCode: "DAGBLAD",
  product: "WHOLE",
  priceInCents: 995,
  maxPerPlayer: 2,
  startDate: "2026-01-01T00:00:00+01:00",
  endDate: "2099-04-01T00:00:00+02:00",
};

function renderBlock(url: string, props: Partial<AffiliateTicketFields> = {}) {
  const block: ViewBlock<"affiliateTicket"> = {
    id: "affiliateticket-dagblad-lezers",
    type: "affiliateTicket",
    props: { ...PROPS, ...props },
    data: undefined,
  };
  const Stub = createRoutesStub([
    { path: "/dagblad", Component: () => <AffiliateTicketBlock block={block} /> },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("affiliate ticket block", () => {
  it("says what the partner offers until when, and posts the page and the address's partner code", () => {
    renderBlock("/dagblad?partner=dagblad");
    expect(screen.getByRole("heading", { name: "Lezersaanbieding" })).toBeInTheDocument();
    expect(screen.getByText(/^Een heel lot voor €\s9,95 via Het Dagblad$/)).toBeInTheDocument();
    expect(screen.getByText(/Geldig tot en met 31 maart 2099\. Maximaal 2 per speler\./)).toBeInTheDocument();
    const form = screen.getByRole("form") as HTMLFormElement;
    expect(form).toHaveAttribute("action", "/partnerlot");
    expect(form).toHaveAttribute("method", "post");
    const fields = new FormData(form);
    expect(Object.fromEntries(fields)).toEqual({
      intent: "start",
      pageId: "dagblad-lezers",
      partner: "DAGBLAD",
    });
    expect(screen.getByRole("button", { name: "Ik wil dit lot" })).toBeInTheDocument();
  });

  it("passes no partner from an address without a valid code (the host names it then)", () => {
    renderBlock("/dagblad?partner=%3Cscript%3E", {
      priceInCents: 0,
      product: "MILLION_GAME",
      maxPerPlayer: 1,
    });
    expect(screen.getByText("Gratis Miljoenenspel-lot van Het Dagblad")).toBeInTheDocument();
    expect(screen.getByText(/Eén per speler\./)).toBeInTheDocument();
    expect(new FormData(screen.getByRole("form") as HTMLFormElement).has("partner")).toBe(false);
  });

  it("says an offer that is over is over, without the form", () => {
    renderBlock("/dagblad", { endDate: "2020-01-01T00:00:00+01:00", startDate: "2019-01-01T00:00:00+01:00" });
    expect(screen.getByRole("status")).toHaveTextContent("Dit aanbod is afgelopen.");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });
});
