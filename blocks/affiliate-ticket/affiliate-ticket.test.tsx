import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AffiliateTicketFields } from "@/content-models/affiliate-ticket";
import {
  type PartnerOfferAccess,
  PartnerOffersContext,
} from "@/src/shop/slices/affiliate-tickets/partner-offers";
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

/** The block as the page shows it, with the server's decision for its offer (none: no decision given). */
function renderBlock(access: PartnerOfferAccess | undefined, props: Partial<AffiliateTicketFields> = {}) {
  const block: ViewBlock<"affiliateTicket"> = {
    id: "affiliateticket-dagblad-lezers",
    type: "affiliateTicket",
    props: { ...PROPS, ...props },
    data: undefined,
  };
  const offers = access ? { [block.props.pageId]: access } : {};
  const Stub = createRoutesStub([
    {
      path: "/dagblad",
      Component: () => (
        <PartnerOffersContext value={offers}>
          <AffiliateTicketBlock block={block} />
        </PartnerOffersContext>
      ),
    },
  ]);
  render(<Stub initialEntries={["/dagblad"]} />);
}

const BLADWIJZER: Partial<AffiliateTicketFields> = {
  partnerName: "De Bladwijzer",
  partnerHost: "bladwijzer.localhost",
  partnerCode: undefined,
  priceInCents: 0,
  product: "MILLION_GAME",
  maxPerPlayer: 1,
};

describe("affiliate ticket block", () => {
  it("says what the partner offers until when, and posts the page and the partner code the server matched", () => {
    renderBlock({ open: true, partnerCode: "DAGBLAD" });
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

  it("passes no partner code on the partner's own host (the host names the partner there)", () => {
    renderBlock({ open: true }, BLADWIJZER);
    expect(screen.getByText("Gratis Miljoenenspel-lot van De Bladwijzer")).toBeInTheDocument();
    expect(screen.getByText(/Eén per speler\./)).toBeInTheDocument();
    expect(new FormData(screen.getByRole("form") as HTMLFormElement).has("partner")).toBe(false);
  });

  it("reached without the partner's code, says how to get the offer instead of offering it", () => {
    renderBlock({ open: false });
    expect(screen.getByText(/^Een heel lot voor €\s9,95 via Het Dagblad$/)).toBeInTheDocument();
    expect(
      screen.getByText(
        "Deze aanbieding is er voor lezers en klanten van Het Dagblad. Open de link die je van Het Dagblad kreeg, in de krant, een nieuwsbrief of op de website van Het Dagblad: alleen via die link kun je dit lot krijgen.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ik wil dit lot" })).not.toBeInTheDocument();
  });

  it("reached off the partner's host, sends the visitor to the offer on the partner's website", () => {
    renderBlock(
      { open: false, partnerSite: "http://bladwijzer.localhost:3000/partner/bladwijzer" },
      BLADWIJZER,
    );
    expect(
      screen.getByText(
        "Deze aanbieding is er voor klanten van De Bladwijzer. Je krijgt dit lot alleen via de eigen website van De Bladwijzer: open de link die je van De Bladwijzer kreeg.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Naar de aanbieding op de website van De Bladwijzer" }),
    ).toHaveAttribute("href", "http://bladwijzer.localhost:3000/partner/bladwijzer");
    expect(screen.queryByRole("button", { name: "Ik wil dit lot" })).not.toBeInTheDocument();
  });

  it("offers nothing without the server's decision (the API would refuse an unchecked offer)", () => {
    renderBlock(undefined);
    expect(
      screen.getByText(/^Deze aanbieding is er voor lezers en klanten van Het Dagblad\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("says an offer that is over is over, without the form", () => {
    renderBlock(
      { open: true },
      { endDate: "2020-01-01T00:00:00+01:00", startDate: "2019-01-01T00:00:00+01:00" },
    );
    expect(screen.getByRole("status")).toHaveTextContent("Dit aanbod is afgelopen.");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });
});
