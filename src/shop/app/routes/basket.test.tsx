import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { BasketItemStatus, VerifiedBasket } from "@/src/contract/tickets";
import { decodeBasketCookie, encodeBasketCookie, readBasketCookie } from "@/src/domain/tickets/basket-cookie";
import type { BasketTicket, MjsBasketTicket, StlBasketTicket } from "@/src/domain/tickets/basket-ticket";
import { formatDate, formatDateTime, formatEuroCents } from "@/src/lib/format";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";

const { call } = vi.hoisted(() => ({ call: vi.fn() }));

vi.mock("@/src/shop/components/flash/flash-messages", () => ({ showFlash: vi.fn() }));
vi.mock("@/src/shop/components/api-context", () => ({
  ApiProvider: ({ children }: { children: ReactNode }) => {
    const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  },
  useApiClients: () => ({ shop: { call }, portal: { call } }),
}));

const FUTURE = "2099-12-10T17:00:00.000Z";

function classic(overrides: Partial<StlBasketTicket> = {}): StlBasketTicket {
  return classicTicket({
    quantity: 3,
    expireDateTime: FUTURE,
    endDigits: [
      [1, 2],
      [-1, 5],
    ],
    ...overrides,
  });
}

const million = (overrides: Partial<MjsBasketTicket> = {}) =>
  millionGameTicket({ quantity: 2, ...overrides });

/** The server's answer: every item ok unless `statuses` says otherwise, with the draws `draws` names. */
function answerVerify(
  statuses: Record<string, BasketItemStatus> = {},
  draws: Record<string, VerifiedBasket["items"][number]["draw"]> = {},
) {
  call.mockImplementation(async (_endpoint, input: { body: { tickets: BasketTicket[] } }) => {
    const answer: VerifiedBasket = {
      valid: input.body.tickets.every((ticket) => (statuses[ticket.basketItemId] ?? "ok") === "ok"),
      items: input.body.tickets.map((ticket) => ({
        basketItemId: ticket.basketItemId,
        status: statuses[ticket.basketItemId] ?? "ok",
        draw: draws[ticket.basketItemId] ?? null,
        ticket,
        lineTotalInCents: 0,
      })),
      totalInCents: 0,
      units: 0,
    };
    return answer;
  });
}

function setBasket(tickets: BasketTicket[]): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays a tab that filled the basket earlier
  document.cookie = `kl_basket=${encodeBasketCookie(tickets)}; Path=/`;
}

function cookieTickets() {
  return decodeBasketCookie(readBasketCookie(document.cookie, false));
}

/** The page with a fresh basket store, as on a fresh page load. */
async function renderPage() {
  vi.resetModules();
  const { default: BasketPage } = await import("./basket");
  // The basket's controls are a deferred part (decision 16): loaded before the render, as on the server.
  await (await import("@/src/shop/components/deferred-hydration")).loadAllDeferredParts();
  const Stub = createRoutesStub([
    { path: "/winkelmandje", Component: BasketPage },
    { path: "/afrekenen", Component: () => <p>afrekenpagina</p> },
    { path: "/loten", Component: () => <p>lotenpagina</p> },
  ]);
  render(<Stub initialEntries={["/winkelmandje"]} />);
}

/** Euros as the page shows them, with the non-breaking space normalised as text matchers do. */
function euros(cents: number): string {
  return formatEuroCents(cents).replace(/\s/g, " ");
}

function item(name: string) {
  return screen.getByRole("heading", { level: 2, name }).closest("li")!;
}

beforeEach(() => {
  call.mockReset();
  answerVerify();
  // biome-ignore lint/suspicious/noDocumentCookie: reset between tests
  document.cookie = "kl_basket=; Max-Age=0; Path=/";
  // The basket's events reach the funnel at consent level beperkt (issue 20).
  // biome-ignore lint/suspicious/noDocumentCookie: the visitor's choice
  document.cookie = `kl_consent=1.beperkt.${Math.floor(Date.now() / 1000)}; Path=/`;
  delete window.dataLayer;
});

describe("/winkelmandje", () => {
  it("says the basket is empty and links to the tickets, without calling the server", async () => {
    await renderPage();
    expect(await screen.findByText(/Je winkelmandje is nog leeg/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bekijk de loten" })).toHaveAttribute("href", "/loten");
    expect(screen.queryByRole("link", { name: "Afrekenen" })).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it("lists each item with its product, draw, options, end digits and line total, and the total", async () => {
    setBasket([
      classic({ multiplier: 2 }),
      classic({
        basketItemId: "street",
        productId: "KROON-Street-ONE_FIFTH",
        productType: "Street",
        fraction: "ONE_FIFTH",
        isFractional: true,
        quantity: 1,
        withXl: true,
        endDigits: [[-1, 7]],
        pricePerTicketInCents: 3500,
        pricePerTicketWithAddOnInCents: 4000,
      }),
      million(),
    ]);
    await renderPage();

    const single = item("Los lot · Heel lot");
    expect(single).toHaveTextContent(`Trekking 1250 · Verkoop sluit op ${formatDateTime(FUTURE)}`);
    expect(single).toHaveTextContent("Vermenigvuldiger 2×");
    expect(single).toHaveTextContent("Eindcijfers: 12, *5, 1 × willekeurig");
    expect(
      within(single).getByRole("checkbox", { name: "Met XL voor Los lot · Heel lot" }),
    ).not.toBeChecked();
    expect(within(single).getByRole("spinbutton", { name: "Aantal" })).toHaveValue(3);
    expect(single).toHaveTextContent(euros(3 * 2 * 1750));

    const street = item("Straat (10 loten) · Vijfde lot");
    expect(street).toHaveTextContent("Eindcijfers: 7");
    expect(within(street).getByRole("checkbox", { name: /^Met XL voor / })).toBeChecked();
    expect(street).toHaveTextContent(euros(4000));

    const game = item("Miljoenenspel");
    expect(game).toHaveTextContent("Trekking 77");
    expect(within(game).queryByRole("checkbox")).not.toBeInTheDocument();
    expect(game).toHaveTextContent(euros(200));

    expect(screen.getByText(euros(10_500 + 4000 + 200))).toBeInTheDocument();
    // The multiplier plays the single tickets twice; it adds no tickets (issue 43).
    expect(screen.getByText("(15 loten)")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Afrekenen" })).toHaveAttribute("href", "/afrekenen");
  });

  it("names the draw once the server has checked the basket", async () => {
    answerVerify({}, { "stl-1": { name: "Oudejaarstrekking", drawDate: "2099-12-31T22:00:00.000Z" } });
    setBasket([classic()]);
    await renderPage();
    const line = item("Los lot · Heel lot");
    await waitFor(() =>
      expect(line).toHaveTextContent(`Oudejaarstrekking op ${formatDate("2099-12-31T22:00:00.000Z")}`),
    );
    expect(line).not.toHaveTextContent("Trekking 1250");
  });

  it("shows 'willekeurig' for tickets without chosen digits", async () => {
    setBasket([classic({ endDigits: [[-1, -1]], quantity: 1 })]);
    await renderPage();
    expect(item("Los lot · Heel lot")).toHaveTextContent("Eindcijfers: willekeurig");
  });

  it("sends the basket to POST /api/basket/verify", async () => {
    setBasket([classic(), million()]);
    await renderPage();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const [endpoint, input] = call.mock.calls[0]!;
    expect(endpoint).toMatchObject({ method: "POST", path: "/api/basket/verify" });
    expect(input.body.tickets.map((ticket: BasketTicket) => ticket.basketItemId)).toEqual(["stl-1", "mjs-1"]);
    expect(input.signal).toBeInstanceOf(AbortSignal);
  });

  it("marks an item whose sale closed, blocks checkout and lets the player remove it", async () => {
    answerVerify({ "stl-1": "expired" });
    setBasket([classic(), million()]);
    await renderPage();

    const closed = item("Los lot · Heel lot");
    expect(await within(closed).findByText("De verkoop voor deze trekking is gesloten")).toBeInTheDocument();
    expect(within(closed).queryByRole("spinbutton")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Afrekenen" })).toBeDisabled();
    expect(screen.getByText(/Pas eerst de loten hierboven aan/)).toBeInTheDocument();

    await userEvent.click(within(closed).getByRole("button", { name: "Verwijderen" }));
    expect(screen.queryByRole("heading", { name: "Los lot · Heel lot" })).not.toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Afrekenen" })).toBeInTheDocument();
    expect(cookieTickets()).toEqual([million()]);
  });

  it("tells the player when an item cannot be bought", async () => {
    answerVerify({ "mjs-1": "unavailable" });
    setBasket([million()]);
    await renderPage();
    expect(
      await within(item("Miljoenenspel")).findByText("Er was iets mis met het lot in je winkelmandje."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Afrekenen" })).toBeDisabled();
  });

  it("takes over changed prices from the server and says so", async () => {
    const repriced = classic({ pricePerTicketInCents: 1800, pricePerTicketWithAddOnInCents: 2050 });
    call.mockImplementationOnce(async () => ({
      valid: false,
      items: [
        {
          basketItemId: "stl-1",
          status: "priceChanged",
          draw: null,
          ticket: repriced,
          lineTotalInCents: 5400,
        },
      ],
      totalInCents: 5400,
      units: 3,
    }));
    setBasket([classic()]);
    await renderPage();

    const line = item("Los lot · Heel lot");
    expect(await within(line).findByText("De prijs van dit lot is aangepast")).toBeInTheDocument();
    await waitFor(() => expect(line).toHaveTextContent(euros(3 * 1800)));
    expect(cookieTickets()[0]).toMatchObject({
      pricePerTicketInCents: 1800,
      pricePerTicketWithAddOnInCents: 2050,
    });
    // Checked again with the new prices, which the server accepts.
    expect(await screen.findByRole("link", { name: "Afrekenen" })).toBeInTheDocument();
    expect(within(line).getByText("De prijs van dit lot is aangepast")).toBeInTheDocument();
  });

  it("shows the error of a failed check and keeps the basket usable", async () => {
    call.mockRejectedValue(new Error("Geen internetverbinding, bekijk je instellingen"));
    setBasket([million()]);
    await renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("Geen internetverbinding");
    expect(screen.getByRole("link", { name: "Afrekenen" })).toBeInTheDocument();
  });

  it("changes the quantity with the steppers and the field; 0 removes the item", async () => {
    const user = userEvent.setup();
    setBasket([classic({ quantity: 2, endDigits: [[1, 2]] }), million()]);
    await renderPage();
    const line = item("Los lot · Heel lot");
    const field = within(line).getByRole("spinbutton", { name: "Aantal" });

    await user.click(within(line).getByRole("button", { name: "Eén meer" }));
    expect(field).toHaveValue(3);
    expect(line).toHaveTextContent(euros(3 * 1750));

    await user.click(within(line).getByRole("button", { name: "Eén minder" }));
    expect(field).toHaveValue(2);

    await user.clear(field);
    await user.type(field, "12{Enter}");
    expect(cookieTickets()[0]?.quantity).toBe(12);
    expect(window.dataLayer?.filter((entry) => (entry as { event?: string }).event)).toMatchObject([
      { event: "add_to_cart", ecommerce: { items: [{ quantity: 1 }] } },
      { event: "remove_from_cart", ecommerce: { items: [{ quantity: 1 }] } },
      { event: "add_to_cart", ecommerce: { items: [{ quantity: 10 }] } },
    ]);

    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue(12);

    await user.clear(field);
    await user.type(field, "0{Enter}");
    expect(screen.queryByRole("heading", { name: "Los lot · Heel lot" })).not.toBeInTheDocument();
    expect(cookieTickets()).toEqual([million()]);

    // Gone, and offered back (issue 43): the focus is on the notice, and Tab goes on to its button.
    const notice = screen.getByRole("form", { name: "Los lot · Heel lot is uit je winkelmandje gehaald." });
    expect(notice).toHaveFocus();
    await user.tab();
    const undo = within(notice).getByRole("button", { name: "Ongedaan maken" });
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(item("Los lot · Heel lot")).toHaveTextContent(euros(12 * 1750));
    expect(cookieTickets()).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Ongedaan maken" })).not.toBeInTheDocument();
  });

  it("switches XL on, with the XL price", async () => {
    setBasket([classic({ quantity: 1, endDigits: [] })]);
    await renderPage();
    const line = item("Los lot · Heel lot");
    await userEvent.click(within(line).getByRole("checkbox", { name: /^Met XL voor / }));
    expect(within(line).getByRole("checkbox", { name: /^Met XL voor / })).toBeChecked();
    expect(line).toHaveTextContent(euros(2000));
    expect(cookieTickets()[0]).toMatchObject({ withXl: true });
  });
});
