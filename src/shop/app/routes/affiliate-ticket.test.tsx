import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getAffiliateStore, orderAffiliate, putAffiliateStore } from "@/src/contract/affiliate-tickets";
import type { Profile } from "@/src/contract/portal";
import { continueOrder } from "@/src/contract/tickets";
import { getPortalToken } from "@/src/contract/tokens";
import { affiliateMessages } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AffiliateTicketPage, { action, loader } from "./affiliate-ticket";

const TOKEN = "token-of-this-session";
const STORE = "5b0c3a4e-8f1d-4c2b-9a7e-1d2c3b4a5f60";
const TRANSACTION = "0f9e8d7c-6b5a-4e3d-8c2b-1a0f9e8d7c6b";
const PLAYER = { email: "lezer@kroonloterij.example", validationState: "Validated" } as Profile;
const QUOTE = {
  pageId: "dagblad-lezers",
  partnerName: "Het Dagblad",
  product: "WHOLE",
  draw: { drawId: 1250, name: "Maandtrekking december 2030", drawDate: "2030-12-10T19:00:00.000Z" },
  priceInCents: 995,
  normalPriceInCents: 1_750,
  maxPerPlayer: 2,
  endsAt: "2031-04-01T00:00:00.000Z",
  taken: null,
};

const put = vi.fn();
const get = vi.fn();
const order = vi.fn();
const result = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  for (const mock of [put, get, order, result]) mock.mockReset();
  get.mockResolvedValue({ id: STORE, pageId: "dagblad-lezers", quote: QUOTE });
  clients = stubClients([
    [putAffiliateStore, (input) => put(input)],
    [getAffiliateStore, (input) => get(input)],
    [orderAffiliate, (input) => order(input)],
    [continueOrder, (input) => result(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

async function renderPage(url: string, player?: Profile, actionData?: unknown) {
  const answer = (await loader({
    request: new Request(url),
    context: routeContext({ clients, player }),
    params: {},
  } as unknown as Parameters<typeof loader>[0])) as unknown as { data: unknown };
  const props = { loaderData: answer.data, actionData } as unknown as Parameters<
    typeof AffiliateTicketPage
  >[0];
  const Stub = createRoutesStub([
    { path: "/partnerlot", Component: () => <AffiliateTicketPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/partnerlot"]} />);
}

function post(
  url: string,
  fields: Record<string, string>,
  options: { player?: Profile; hostTheme?: string } = {},
) {
  return action({
    request: formPost(url, fields),
    context: routeContext({ clients, ...options }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Response & { data?: unknown }>;
}

describe("/partnerlot", () => {
  it("keeps the block's offer for the partner code of its page, and shows it", async () => {
    put.mockResolvedValue({ id: STORE, pageId: "dagblad-lezers", quote: QUOTE });
    const answer = await post("http://shop.test/partnerlot", {
      intent: "start",
      pageId: "dagblad-lezers",
      partner: "dagblad",
    });
    expect(answer.headers.get("Location")).toMatch(/^\/partnerlot\?lot=[0-9a-f-]{36}$/);
    expect(put).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { pageId: "dagblad-lezers" },
        page: { pageId: "dagblad-lezers", affiliateHost: "DAGBLAD" },
      }),
    );
  });

  it("names the partner's host on a white-label host", async () => {
    put.mockResolvedValue({ id: STORE, pageId: "bladwijzer-welkom", quote: QUOTE });
    await post(
      "http://bladwijzer.localhost:5173/partnerlot",
      { intent: "start", pageId: "bladwijzer-welkom" },
      { hostTheme: "bladwijzer" },
    );
    expect(put.mock.calls[0]?.[0].page).toEqual({
      pageId: "bladwijzer-welkom",
      affiliateHost: "bladwijzer.localhost:5173",
    });
  });

  it("says why a partner's offer cannot be kept", async () => {
    put.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "OfferNotAvailableError",
        message: "Dit aanbod is niet meer beschikbaar.",
        fieldErrors: { offer: [affiliateMessages.ended] },
      }),
    );
    const answer = await post("http://shop.test/partnerlot", { intent: "start", pageId: "dagblad-zomer" });
    expect(answer.data).toEqual({ error: affiliateMessages.ended });
  });

  it("names a Miljoenenspel draw once, with its article: 'in het Miljoenenspel van ...'", async () => {
    get.mockResolvedValue({
      id: STORE,
      pageId: "bladwijzer-welkom",
      quote: {
        ...QUOTE,
        product: "MILLION_GAME",
        draw: { drawId: 1300, name: "Miljoenenspel 5 december 2026", drawDate: "2026-12-05T19:00:00.000Z" },
      },
    });
    await renderPage(`http://shop.test/partnerlot?lot=${STORE}`);
    expect(
      screen.getByText("Het lot speelt mee in het Miljoenenspel van 5 december 2026."),
    ).toBeInTheDocument();
  });

  it("asks a visitor to register or log in, coming back to the kept offer", async () => {
    await renderPage(`http://shop.test/partnerlot?lot=${STORE}`);
    expect(screen.getByText(/^Een heel lot voor €\s9,95 via Het Dagblad$/)).toBeInTheDocument();
    expect(
      screen.getByText("Het lot speelt mee in de Maandtrekking december 2030 van 10 december 2030."),
    ).toBeInTheDocument();
    const back = encodeURIComponent(`/partnerlot?lot=${STORE}`);
    expect(screen.getByRole("link", { name: "Account aanmaken" })).toHaveAttribute(
      "href",
      `/aanmelden?returnUrl=${back}`,
    );
    expect(screen.getByRole("link", { name: "Inloggen" })).toHaveAttribute(
      "href",
      `/inloggen?returnUrl=${back}`,
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("lets a player pay the partner price, naming the page, and says when the offer is used up", async () => {
    await renderPage(`http://shop.test/partnerlot?lot=${STORE}`, PLAYER);
    expect(screen.getByRole("button", { name: /^Betaal €\s9,95$/ })).toBeInTheDocument();

    order.mockResolvedValue({
      transactionId: TRANSACTION,
      status: "pending",
      totalInCents: 995,
      redirectUrl: "/betaalsimulator/tr_1",
    });
    const paid = await post(
      `http://shop.test/partnerlot?lot=${STORE}`,
      {
        intent: "claim",
        pageId: "dagblad-lezers",
        transactionId: TRANSACTION,
        RequestVerificationToken: TOKEN,
      },
      { player: PLAYER },
    );
    expect(paid.headers.get("Location")).toBe("/betaalsimulator/tr_1");
    expect(order).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { pageId: "dagblad-lezers" },
        body: { storeId: STORE, transactionId: TRANSACTION, paymentMethod: "ideal" },
        page: { pageId: "dagblad-lezers" },
      }),
    );

    get.mockResolvedValue({ id: STORE, pageId: "dagblad-lezers", quote: { ...QUOTE, taken: 2 } });
    document.body.innerHTML = "";
    await renderPage(`http://shop.test/partnerlot?lot=${STORE}`, PLAYER);
    expect(screen.getByRole("status")).toHaveTextContent(affiliateMessages.limitReached(2));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows the ticket once the order is paid", async () => {
    result.mockResolvedValue({
      transactionId: TRANSACTION,
      status: "paid",
      totalInCents: 995,
      draws: [QUOTE.draw],
      tickets: [
        {
          drawId: 1250,
          number: "KB12345",
          productType: "SingleTicket",
          fraction: "WHOLE",
          withXl: false,
          multiplier: 1,
          purchaseType: "Online",
          group: 0,
        },
      ],
    });
    await renderPage(`http://shop.test/partnerlot?lot=${STORE}&bestelling=${TRANSACTION}`, PLAYER);
    expect(result).toHaveBeenCalledWith(
      expect.objectContaining({ params: { pageId: "dagblad-lezers" }, body: { transactionId: TRANSACTION } }),
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "Gelukt! Lot KB12345 speelt mee in de Maandtrekking december 2030 van 10 december 2030.",
    );
  });

  it("says a lost flow is lost", async () => {
    get.mockRejectedValue(
      new ApiError({
        status: 404,
        message: "Not found",
        fieldErrors: { store: [affiliateMessages.storeNotFound] },
      }),
    );
    await renderPage(`http://shop.test/partnerlot?lot=${STORE}`);
    expect(screen.getByRole("alert")).toHaveTextContent(affiliateMessages.storeNotFound);
  });
});
