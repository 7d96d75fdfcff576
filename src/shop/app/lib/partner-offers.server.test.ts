import { describe, expect, it } from "vitest";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import type { RequestContext } from "@/src/shop/app/request-context";
import { partnerNamedBy, partnerOffersOf } from "./partner-offers.server";

const PARTNER_HOSTS = { "bladwijzer.localhost": "bladwijzer", "tankstation.localhost": "tankstation" };

function pageWith(path: string, blocks: ResolvedBlock[]): ResolvedPage {
  return {
    id: `page-${path}`,
    path,
    title: "Partner",
    seo: { noindex: false },
    middleware: [],
    prerender: false,
    blocks,
    refs: { blocks: {}, links: {} },
    notices: [],
    tags: [],
    preview: false,
  };
}

const offer = (props: Record<string, unknown>): ResolvedBlock => ({
  id: `affiliateticket-${String(props.pageId)}`,
  type: "affiliateTicket",
  props: { partnerName: "Partner", product: "WHOLE", priceInCents: 995, ...props },
});

const DAGBLAD = pageWith("/dagblad", [
  { id: "intro", type: "richText", props: undefined, html: "<p>Lezers</p>" },
  offer({ pageId: "dagblad-lezers", partnerCode: "DAGBLAD" }),
]);
const BLADWIJZER = pageWith("/partner/bladwijzer", [
  offer({ pageId: "bladwijzer-welkom", partnerHost: "bladwijzer.localhost" }),
]);

/** The decisions for a page asked at this address, on the host whose theme the request context names. */
function decide(page: ResolvedPage, address: string, hostTheme?: string) {
  const ctx = { hostTheme, services: { config: { partnerHosts: PARTNER_HOSTS } } } as unknown as Pick<
    RequestContext,
    "hostTheme" | "services"
  >;
  return partnerOffersOf(page, ctx, new URL(address));
}

describe("partner offers decided per request", () => {
  it("opens a code's offer only with its code in the address, passing the code on", () => {
    expect(decide(DAGBLAD, "http://shop.test/dagblad")).toEqual({ "dagblad-lezers": { open: false } });
    expect(decide(DAGBLAD, "http://shop.test/dagblad?partner=dagblad")).toEqual({
      "dagblad-lezers": { open: true, partnerCode: "DAGBLAD" },
    });
    expect(decide(DAGBLAD, "http://shop.test/dagblad?partner=KRANT")).toEqual({
      "dagblad-lezers": { open: false },
    });
    expect(decide(DAGBLAD, "http://shop.test/dagblad?partner=%3Cscript%3E")).toEqual({
      "dagblad-lezers": { open: false },
    });
  });

  it("on a partner's host the host names the partner, as the page's calls do: a code counts for nothing there", () => {
    expect(
      decide(DAGBLAD, "http://tankstation.localhost:3000/dagblad?partner=DAGBLAD", "tankstation"),
    ).toEqual({
      "dagblad-lezers": { open: false },
    });
  });

  it("opens a host's offer on that host only, and elsewhere links to the offer on it", () => {
    expect(decide(BLADWIJZER, "http://bladwijzer.localhost:3000/partner/bladwijzer", "bladwijzer")).toEqual({
      "bladwijzer-welkom": { open: true },
    });
    const link = { open: false, partnerSite: "http://bladwijzer.localhost:3000/partner/bladwijzer" };
    expect(decide(BLADWIJZER, "http://127.0.0.1:3000/partner/bladwijzer")).toEqual({
      "bladwijzer-welkom": link,
    });
    expect(decide(BLADWIJZER, "http://tankstation.localhost:3000/partner/bladwijzer", "tankstation")).toEqual(
      {
        "bladwijzer-welkom": link,
      },
    );
    expect(decide(BLADWIJZER, "https://www.kroonloterij.nl/partner/bladwijzer")).toEqual({
      "bladwijzer-welkom": { open: false, partnerSite: "https://bladwijzer.localhost/partner/bladwijzer" },
    });
  });

  it("links to no host that is not a configured partner host", () => {
    const unknown = pageWith("/partner/onbekend", [
      offer({ pageId: "onbekend", partnerHost: "onbekend.example" }),
    ]);
    expect(decide(unknown, "http://shop.test/partner/onbekend")).toEqual({ onbekend: { open: false } });
  });

  it("decides nothing for a page without an offer", () => {
    expect(decide(pageWith("/over-ons", []), "http://shop.test/over-ons?partner=DAGBLAD")).toBeUndefined();
  });

  it("names the partner as /partnerlot's calls send it", () => {
    expect(
      partnerNamedBy({ hostTheme: "bladwijzer" }, new URL("http://bladwijzer.localhost:3000/x"), "DAGBLAD"),
    ).toBe("bladwijzer.localhost:3000");
    expect(partnerNamedBy({}, new URL("http://shop.test/x"), "dagblad")).toBe("DAGBLAD");
    expect(partnerNamedBy({}, new URL("http://shop.test/x"), undefined)).toBeUndefined();
  });
});
