import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SubscriptionUpsellFields } from "@/content-models/subscription-upsell";
import {
  applyDrawUpsell,
  applyXlUpsell,
  type DrawUpsellApplied,
  type SubscriptionChangeApplied,
  type SubscriptionChangeQuote,
  verifyDrawUpsell,
  verifyXlUpsell,
} from "@/src/contract/subscription-changes";
import { getSubscriptions, type SubscriptionSummary } from "@/src/contract/subscriptions";
import { subscriptionUpsellBlock as text } from "@/src/lib/messages";
import { apiErrorFromProblem } from "@/src/shop/client/api-error";
import { subscription } from "@/src/shop/slices/subscriptions/subscription.fixtures";
import type { ViewBlock } from "../block-view-props";
import SubscriptionUpsellBlock from "./subscription-upsell";

// One client for the tab, as the real provider gives.
const { call, clients } = vi.hoisted(() => {
  const call = vi.fn();
  return { call, clients: { shop: { call }, portal: { call: vi.fn() } } };
});

const player = vi.hoisted(() => ({ status: "player" as string }));
vi.mock("@/src/shop/components/shell-context", () => ({ useShell: () => ({ env: {} }) }));
vi.mock("@/src/shop/slices/player/player-store", () => ({ usePlayer: () => ({ status: player.status }) }));

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => clients,
}));

const EVERY_MONTH = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
type Item = SubscriptionSummary["items"][number];
const single: Item = {
  id: 200001,
  subscriptionId: 100001,
  productType: "SingleTicket",
  fractionType: "WHOLE",
  withXl: false,
  endDigits: null,
  withFixedTicketNumber: true,
  fixedNumber: "KB12345",
  participatingMonths: EVERY_MONTH,
  multiplier: 1,
  pricePerDrawInCents: 1750,
};
const street: Item = {
  ...single,
  id: 200002,
  productType: "Street",
  fractionType: "ONE_FIFTH",
  withXl: false,
  withFixedTicketNumber: false,
  fixedNumber: null,
  pricePerDrawInCents: 3500,
};
const mine: SubscriptionSummary = { ...subscription, items: [single, street] };

const SINGLE = "Los lot, Heel lot, vast lotnummer KB12345, elke maand";
const STREET = "Straat (10 loten), Vijfde lot, elke maand";

const february = {
  drawId: 302,
  name: "Maandtrekking februari 2031",
  drawDate: "2031-02-10T19:00:00.000Z",
  salesCloseDateTime: "2031-02-10T17:00:00.000Z",
};
const yearEnd = {
  drawId: 399,
  name: "Oudejaarstrekking 2031",
  drawDate: "2031-12-31T19:00:00.000Z",
  salesCloseDateTime: "2031-12-31T17:00:00.000Z",
};

const unchanged = (item: Item) => ({
  id: item.id,
  change: "unchanged" as const,
  before: item,
  after: item,
});

const xlQuote = (items: number[]): SubscriptionChangeQuote => ({
  subscriptionId: 100001,
  kind: "upsellXl",
  items: [unchanged(single), unchanged(street)],
  monthlyAmountBeforeInCents: 5250,
  monthlyAmountAfterInCents: 5250 + 250 * items.length,
  effectiveDraw: february,
  payment: { method: "nextCollection", amountInCents: 250 * items.length, draw: february },
});

const drawQuote: SubscriptionChangeQuote = {
  subscriptionId: 100001,
  kind: "upsellDraw",
  items: [unchanged(single)],
  monthlyAmountBeforeInCents: 5250,
  monthlyAmountAfterInCents: 5250,
  effectiveDraw: february,
  payment: { method: "directDebitOnce", amountInCents: 3000, draw: yearEnd },
};

const applied = (quote: SubscriptionChangeQuote): SubscriptionChangeApplied => ({
  ...quote,
  transactionId: "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e",
  appliedAt: "2031-01-20T10:00:00.000Z",
  subscription: mine,
});

function renderBlock(fields: SubscriptionUpsellFields) {
  const block: ViewBlock<"subscriptionUpsell"> = {
    id: `subscriptionupsell-${fields.pageId}`,
    type: "subscriptionUpsell",
    props: fields,
    data: undefined,
  };
  const Stub = createRoutesStub([
    { path: "/mijn/voordeel", Component: () => <SubscriptionUpsellBlock block={block} /> },
  ]);
  render(<Stub initialEntries={["/mijn/voordeel?tab=xl"]} />);
  return userEvent.setup();
}

const XL: SubscriptionUpsellFields = { pageId: "xl-upsell", kind: "xl", title: "Kans op meer met XL" };
const DRAW: SubscriptionUpsellFields = {
  pageId: "oudejaars-upsell",
  kind: "draw",
  drawKind: "yearEnd",
  title: "Speel ook mee op oudejaarsavond",
};

const quoteRegion = () => screen.findByRole("region", { name: "Wat het kost" });
const problem = (status: number, code: string) => apiErrorFromProblem(status, { status, code });

/** Answers per endpoint; a function gets the call's input. */
function answer(answers: Map<unknown, (input: { body?: { subscriptionItems: number[] } }) => unknown>) {
  call.mockImplementation(async (endpoint: unknown, input: { body?: { subscriptionItems: number[] } }) => {
    const respond = answers.get(endpoint);
    if (!respond) throw new Error("unexpected call");
    return respond(input);
  });
}

beforeEach(() => {
  call.mockReset();
  player.status = "player";
});

describe("subscription upsell block", () => {
  it("adds XL to the chosen items: what it costs, from which draw, paid with the next collection", async () => {
    answer(
      new Map<unknown, (input: { body?: { subscriptionItems: number[] } }) => unknown>([
        [getSubscriptions, () => ({ subscriptions: [mine] })],
        [verifyXlUpsell, (input) => xlQuote(input.body!.subscriptionItems)],
        [applyXlUpsell, (input) => applied(xlQuote(input.body!.subscriptionItems))],
      ]),
    );
    const user = renderBlock(XL);
    const items = await screen.findByRole("group", { name: "Aan welke loten voeg je XL toe?" });
    expect(within(items).getByRole("checkbox", { name: SINGLE })).toBeChecked();
    expect(within(items).getByRole("checkbox", { name: STREET })).toBeChecked();
    expect(await within(await quoteRegion()).findByText("€ 5,00")).toBeInTheDocument();

    await user.click(within(items).getByRole("checkbox", { name: STREET }));
    expect(await within(await quoteRegion()).findByText("€ 2,50")).toBeInTheDocument();
    expect(within(await quoteRegion()).getByText("€ 55,00")).toBeInTheDocument();
    expect(
      within(await quoteRegion()).getByText("Maandtrekking februari 2031 (10 februari 2031)"),
    ).toBeInTheDocument();
    expect(
      within(await quoteRegion()).getByText("Je betaalt dit met je volgende incasso."),
    ).toBeInTheDocument();
    expect(call).toHaveBeenLastCalledWith(verifyXlUpsell, {
      params: { pageId: "xl-upsell" },
      body: { subscriptionItems: [200001] },
      signal: expect.any(AbortSignal),
    });

    await user.click(screen.getByRole("button", { name: "XL toevoegen" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "XL is toegevoegd. Je loten spelen met XL vanaf Maandtrekking februari 2031 (10 februari 2031).",
    );
    expect(call).toHaveBeenLastCalledWith(applyXlUpsell, {
      params: { pageId: "xl-upsell" },
      body: { transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/), subscriptionItems: [200001] },
    });
  });

  it("plays once extra in the year-end draw, paid once by direct debit, and shows the Extra deelname tickets", async () => {
    const tickets: DrawUpsellApplied["tickets"] = [
      {
        drawId: 399,
        number: "KB12345",
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: false,
        multiplier: 1,
        purchaseType: "OneTimePlay",
        group: 0,
      },
    ];
    answer(
      new Map<unknown, (input: { body?: { subscriptionItems: number[] } }) => unknown>([
        [getSubscriptions, () => ({ subscriptions: [mine] })],
        [verifyDrawUpsell, () => drawQuote],
        [applyDrawUpsell, () => ({ ...applied(drawQuote), tickets })],
      ]),
    );
    const user = renderBlock({ ...DRAW, buttonLabel: "Ja, ik speel mee" });
    const items = await screen.findByRole("group", { name: "Met welke loten speel je extra mee?" });
    // The year-end draw sells no fifths: the street of fifths is not offered.
    expect(
      within(items)
        .getAllByRole("checkbox")
        .map((box) => box.parentElement?.textContent?.trim()),
    ).toEqual([SINGLE]);
    expect(within(items).getByRole("checkbox", { name: SINGLE })).toBeChecked();
    expect(await within(await quoteRegion()).findByText("€ 30,00")).toBeInTheDocument();
    expect(
      within(await quoteRegion()).getByText("Oudejaarstrekking 2031 (31 december 2031)"),
    ).toBeInTheDocument();
    expect(within(await quoteRegion()).getByText("We schrijven € 30,00 eenmalig af.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Ja, ik speel mee" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Je speelt extra mee in Oudejaarstrekking 2031 (31 december 2031).",
    );
    const list = screen.getByRole("region", { name: "Je extra loten" });
    const row = within(list).getByRole("row", { name: /KB12345/ });
    expect(within(row).getByRole("cell", { name: "Extra deelname" })).toBeInTheDocument();
    expect(call).toHaveBeenLastCalledWith(applyDrawUpsell, {
      params: { pageId: "oudejaars-upsell" },
      body: { transactionId: expect.any(String), subscriptionItems: [200001] },
    });
  });

  it("a newer choice aborts the verify call in flight, whose late answer never shows", async () => {
    const pending: Array<{ signal: AbortSignal; resolve: (value: unknown) => void }> = [];
    call.mockImplementation((endpoint: unknown, input: { signal?: AbortSignal }) => {
      if (endpoint === getSubscriptions) return Promise.resolve({ subscriptions: [mine] });
      return new Promise((resolve) => pending.push({ signal: input.signal!, resolve }));
    });
    const user = renderBlock(XL);
    const items = await screen.findByRole("group", { name: "Aan welke loten voeg je XL toe?" });
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    await user.click(within(items).getByRole("checkbox", { name: STREET }));
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[0]!.signal.aborted).toBe(true);

    pending[1]!.resolve(xlQuote([200001]));
    expect(await within(await quoteRegion()).findByText("€ 2,50")).toBeInTheDocument();
    pending[0]!.resolve(xlQuote([200001, 200002]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(await quoteRegion()).queryByText("€ 5,00")).not.toBeInTheDocument();
    expect(within(await quoteRegion()).getByText("€ 2,50")).toBeInTheDocument();
  });

  it("says in Dutch why a change cannot be made, and confirms nothing", async () => {
    answer(
      new Map<unknown, (input: { body?: { subscriptionItems: number[] } }) => unknown>([
        [getSubscriptions, () => ({ subscriptions: [{ ...mine, status: "locked" }] })],
        [
          verifyXlUpsell,
          () => {
            throw problem(409, "SubscriptionLockedError");
          },
        ],
      ]),
    );
    renderBlock(XL);
    expect(
      await within(await screen.findByRole("region", { name: "Wat het kost" })).findByRole("alert"),
    ).toHaveTextContent("Je abonnement is geblokkeerd vanwege een openstaande betaling.");
    expect(screen.getByRole("button", { name: "XL toevoegen" })).toBeDisabled();
  });

  it("shows the shop's reason for a choice it refuses", async () => {
    answer(
      new Map<unknown, (input: { body?: { subscriptionItems: number[] } }) => unknown>([
        [getSubscriptions, () => ({ subscriptions: [mine] })],
        [
          verifyDrawUpsell,
          () => {
            throw apiErrorFromProblem(422, {
              status: 422,
              errors: { subscriptionItems: ["In deze trekking is een vijfde lot niet te koop"] },
            });
          },
        ],
      ]),
    );
    renderBlock({ ...DRAW, drawKind: "extra" });
    expect(await within(await quoteRegion()).findByRole("alert")).toHaveTextContent(
      "In deze trekking is een vijfde lot niet te koop",
    );
  });

  it("says when none of the items can play in the upsell's draw", async () => {
    call.mockResolvedValue({ subscriptions: [{ ...mine, items: [street] }] });
    renderBlock(DRAW);
    expect(
      await screen.findByText(
        "Je loten kunnen niet meespelen in deze trekking: die verkoopt geen vijfde loten.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("says so when applying fails, and keeps the choice to try again", async () => {
    answer(
      new Map<unknown, (input: { body?: { subscriptionItems: number[] } }) => unknown>([
        [getSubscriptions, () => ({ subscriptions: [mine] })],
        [verifyDrawUpsell, () => drawQuote],
        [
          applyDrawUpsell,
          () => {
            throw problem(409, "TransactionRolledbackError");
          },
        ],
      ]),
    );
    const user = renderBlock(DRAW);
    await within(await screen.findByRole("region", { name: "Wat het kost" })).findByText("€ 30,00");
    await user.click(screen.getByRole("button", { name: "Extra meespelen" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Je bestelling is niet gelukt, probeer het opnieuw.",
    );
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Extra meespelen" })).toBeEnabled();
  });

  it("asks a visitor who is not logged in to log in and come back here, asking the shop nothing", async () => {
    player.status = "notLoggedIn";
    renderBlock(XL);
    const login = await screen.findByRole("link", { name: "Inloggen" });
    expect(login).toHaveAttribute(
      "href",
      `/inloggen?returnUrl=${encodeURIComponent("/mijn/voordeel?tab=xl")}`,
    );
    expect(screen.getByRole("heading", { name: "Kans op meer met XL" })).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it("without JavaScript (the server's HTML) points to the subscriptions page instead of loading for ever", () => {
    const block: ViewBlock<"subscriptionUpsell"> = {
      id: "subscriptionupsell-xl-upsell",
      type: "subscriptionUpsell",
      props: XL,
      data: undefined,
    };
    const Stub = createRoutesStub([
      { path: "/mijn/voordeel", Component: () => <SubscriptionUpsellBlock block={block} /> },
    ]);
    const html = renderToString(<Stub initialEntries={["/mijn/voordeel"]} />);
    const noscript = /<noscript>(.*?)<\/noscript>/s.exec(html)?.[1] ?? "";
    expect(noscript).toContain(text.noScript);
    expect(noscript).toContain('href="/mijn/abonnementen"');
    expect(html).not.toContain(text.loading);
    expect(call).not.toHaveBeenCalled();
  });

  it("asks for a login when the shop no longer knows the session", async () => {
    call.mockRejectedValue(problem(401, "NotAuthenticated"));
    renderBlock(DRAW);
    expect(await screen.findByRole("link", { name: "Inloggen" })).toBeInTheDocument();
  });

  it("sends a player without a subscription to take one out", async () => {
    call.mockResolvedValue({ subscriptions: [{ ...mine, status: "cancelled" }] });
    renderBlock(DRAW);
    expect(await screen.findByRole("link", { name: "Neem een abonnement" })).toHaveAttribute(
      "href",
      "/abonnement",
    );
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("offers XL only for items without it", async () => {
    call.mockResolvedValue({ subscriptions: [{ ...mine, items: [{ ...single, withXl: true }] }] });
    renderBlock(XL);
    expect(await screen.findByText("Al je loten spelen al met XL.")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });
});
