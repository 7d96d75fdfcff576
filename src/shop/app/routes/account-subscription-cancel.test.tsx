import { render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import {
  acceptRetentionOffer,
  type CancelApplied,
  type CancelQuote,
  cancelSubscription,
  getRetentionOffers,
  type RetentionOfferInfo,
  type SubscriptionChangeApplied,
  verifyCancelSubscription,
} from "@/src/contract/subscription-changes";
import { getSubscriptions, type SubscriptionSummary } from "@/src/contract/subscriptions";
import { getPortalToken } from "@/src/contract/tokens";
import { ApiError, messageFor } from "@/src/shop/client/api-error";
import { quote as signUpQuote, subscription } from "@/src/shop/slices/subscriptions/subscription.fixtures";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountSubscriptionCancelPage, { action, loader } from "./account-subscription-cancel";

const TOKEN = "token-of-this-session";
const PLAYER = { email: "speler@kroonloterij.example", fullName: "Jan de Vries" } as Profile;
const PAGE = "http://shop.test/mijn/abonnement/100001/opzeggen";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The fixture's street plus a whole single ticket: two items, so some can be chosen. */
const single = {
  ...signUpQuote.items[0]!,
  productType: "SingleTicket" as const,
  fractionType: "WHOLE" as const,
  withXl: false,
  withFixedTicketNumber: false,
  pricePerDrawInCents: 1750,
};
const SUBSCRIPTION: SubscriptionSummary = {
  ...subscription,
  items: [...subscription.items, { ...single, id: 200002, subscriptionId: 100001, fixedNumber: null }],
};
const DECEMBER = {
  drawId: 312,
  name: "Maandtrekking december 2026",
  drawDate: "2026-12-10T19:00:00.000Z",
  salesCloseDateTime: "2026-12-10T17:00:00.000Z",
};
const JANUARY = {
  drawId: 401,
  name: "Maandtrekking januari 2027",
  drawDate: "2027-01-10T19:00:00.000Z",
  salesCloseDateTime: "2027-01-10T17:00:00.000Z",
};

const cancelQuote: CancelQuote = {
  subscriptionId: 100001,
  kind: "cancel",
  items: SUBSCRIPTION.items.map(({ id, subscriptionId: _s, fixedNumber: _f, ...item }) => ({
    id,
    change: "removed" as const,
    before: item,
    after: null,
  })),
  monthlyAmountBeforeInCents: 5750,
  monthlyAmountAfterInCents: 0,
  effectiveDraw: JANUARY,
  payment: { method: "none", amountInCents: 0, draw: null },
  whole: true,
  lastDraw: DECEMBER,
  retentionOffers: true,
};

const offer = (id: string, title: string, nextAmountInCents: number): RetentionOfferInfo => ({
  id,
  kind: "discount",
  title,
  description: `${title}: de beschrijving van de redactie.`,
  draws: 3,
  discountPercent: 50,
  nextAmountInCents,
  monthlyAmountAfterInCents: 5750,
  effectiveDraw: JANUARY,
});
const OFFERS = [
  offer("drie-maanden-halve-prijs", "3 maanden halve prijs", 2875),
  { ...offer("overstappen-op-vijfde-lot", "Speel met een vijfde lot", 1150), kind: "switchToFifth" as const },
  { ...offer("drie-maanden-pauze", "3 maanden pauze", 0), kind: "pause" as const },
];

const cancelled: CancelApplied = {
  ...cancelQuote,
  transactionId: "00000000-0000-4000-8000-000000000000",
  appliedAt: "2026-11-24T10:00:00.000Z",
  subscription: { ...SUBSCRIPTION, status: "cancelled", lastDraw: DECEMBER, nextDraw: null },
  confirmationEmailQueued: true,
};

const kept: SubscriptionChangeApplied = {
  subscriptionId: 100001,
  kind: "retentionOffer",
  items: [],
  monthlyAmountBeforeInCents: 5750,
  monthlyAmountAfterInCents: 5750,
  effectiveDraw: JANUARY,
  payment: { method: "nextCollection", amountInCents: 2875, draw: JANUARY },
  transactionId: "00000000-0000-4000-8000-000000000000",
  appliedAt: "2026-11-24T10:00:00.000Z",
  subscription: {
    ...SUBSCRIPTION,
    nextDraw: { ...JANUARY, amountInCents: 2875, purchaseType: "Subscription" },
    discounts: [
      { label: "3 maanden halve prijs", discountPercent: 50, draws: 3, drawsLeft: 3, lastDraw: null },
    ],
  },
};

const refused = (code: string, status = 409) =>
  Promise.reject(new ApiError({ status, code, message: messageFor(status, code) }));

const verify = vi.fn();
const offers = vi.fn();
const accept = vi.fn();
const cancel = vi.fn();
let subscriptions: SubscriptionSummary[] = [SUBSCRIPTION];
let clients = stubClients([]);

beforeEach(() => {
  subscriptions = [SUBSCRIPTION];
  verify
    .mockReset()
    .mockImplementation(({ body }) => Promise.resolve({ ...cancelQuote, whole: !body.subscriptionItems }));
  offers
    .mockReset()
    .mockResolvedValue({ pageId: "abonnement-opzeggen", subscriptionId: 100001, offers: OFFERS });
  accept.mockReset().mockResolvedValue(kept);
  cancel.mockReset().mockResolvedValue(cancelled);
  clients = stubClients([
    [getSubscriptions, () => ({ subscriptions })],
    [verifyCancelSubscription, (input) => verify(input)],
    [getRetentionOffers, (input) => offers(input)],
    [acceptRetentionOffer, (input) => accept(input)],
    [cancelSubscription, (input) => cancel(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

type Args = { request: Request; params: { subscription: string } };
const args = (request: Request, player: Profile | null = PLAYER) =>
  ({
    request,
    context: routeContext({ clients, player: player ?? undefined }),
    params: { subscription: new URL(request.url).pathname.split("/")[3]! },
  }) as Args;

/** The value of an answer, whether it came with `data()` or plain. */
const answerData = (answer: unknown) =>
  ((answer as { type?: string }).type === "DataWithResponseInit"
    ? (answer as { data: unknown }).data
    : answer) as Record<string, unknown>;
const statusOf = (answer: unknown) => (answer as { init?: ResponseInit }).init?.status ?? 200;

function load(url = PAGE, player: Profile | null = PLAYER) {
  return loader(args(new Request(url), player) as unknown as Parameters<typeof loader>[0]);
}

let loaderData: unknown;

function renderPage(actionData?: unknown) {
  const props = { loaderData, actionData: actionData && answerData(actionData) } as unknown as Parameters<
    typeof AccountSubscriptionCancelPage
  >[0];
  const Stub = createRoutesStub([
    {
      path: "/mijn/abonnement/:subscription/opzeggen",
      Component: () => <AccountSubscriptionCancelPage {...props} />,
    },
  ]);
  const { unmount } = render(<Stub initialEntries={["/mijn/abonnement/100001/opzeggen"]} />);
  return unmount;
}

async function showStepOne() {
  loaderData = await load();
  return renderPage();
}

/** What the browser posts when the player presses `button`: its form's fields and the button's own. */
function fieldsOf(button: HTMLElement): URLSearchParams {
  const form = button.closest("form")!;
  const fields = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  const { name, value } = button as HTMLButtonElement;
  if (name) fields.append(name, value);
  return fields;
}

function post(fields: URLSearchParams) {
  const request = new Request(PAGE, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  return action(args(request) as unknown as Parameters<typeof action>[0]);
}

/** Presses `button` (a plain form post, as without JavaScript) and shows the page with the action's answer. */
async function press(button: HTMLElement, unmount: () => void) {
  const answer = await post(fieldsOf(button));
  unmount();
  return { answer, unmount: renderPage(answer) };
}

const button = (name: string) => screen.getByRole("button", { name });

describe("GET /mijn/abonnement/{id}/opzeggen", () => {
  it("sends an anonymous visitor to the portal's login, coming back here", async () => {
    const thrown = (await load(PAGE, null).catch((error: unknown) => error)) as Response;
    expect(thrown.headers.get("Location")).toBe(
      "/inloggen?returnUrl=%2Fmijn%2Fabonnement%2F100001%2Fopzeggen",
    );
  });

  it("is a 404 for an id that is not a number, and for another player's subscription", async () => {
    for (const url of [
      "http://shop.test/mijn/abonnement/abc/opzeggen",
      "http://shop.test/mijn/abonnement/0/opzeggen",
    ]) {
      const thrown = await load(url).catch((error: unknown) => error);
      expect(statusOf(thrown)).toBe(404);
    }
    const other = await load("http://shop.test/mijn/abonnement/100002/opzeggen").catch(
      (error: unknown) => error,
    );
    expect(statusOf(other)).toBe(404);
    expect(verify).not.toHaveBeenCalled();
  });

  it("step 1: the whole subscription by default or chosen items, and the last draw it plays in", async () => {
    await showStepOne();
    expect(verify).toHaveBeenCalledWith({ body: { subscriptionId: 100001 } });
    expect(screen.getByRole("heading", { level: 1, name: "Abonnement opzeggen" })).toBeInTheDocument();
    expect(screen.getByText("Stap 1 van 3")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Wat wil je opzeggen?" });
    expect(form).toHaveAttribute("method", "post");
    const scope = within(form).getByRole("group", { name: "Wat wil je opzeggen?" });
    expect(within(scope).getByRole("radio", { name: "Mijn hele abonnement" })).toBeChecked();
    expect(within(form).getByRole("radio", { name: "Alleen de loten die ik kies" })).not.toBeChecked();
    expect(
      within(form).getByRole("checkbox", {
        name: "Straat (10 loten), Vijfde lot, met XL, vast lotnummer 0123450, elke maand",
      }),
    ).not.toBeChecked();
    expect(within(form).getByRole("checkbox", { name: "Los lot, Heel lot, elke maand" })).not.toBeChecked();
    expect(
      within(form).getByText(
        "Je speelt voor het laatst mee in de Maandtrekking december 2026 op 10 december 2026.",
      ),
    ).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Verder" })).toBeInTheDocument();
  });

  it("gives each page load (each tab) its own transaction id", async () => {
    const first = answerData(await load()).transactionId as string;
    const second = answerData(await load()).transactionId as string;
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it("says a subscription taken out by phone is cancelled through customer service, with no form", async () => {
    subscriptions = [{ ...SUBSCRIPTION, cancelableOnline: false }];
    await showStepOne();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Je abonnement kan niet online worden opgezegd. Neem contact op met de klantenservice.",
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/dan zeggen wij je abonnement voor je op/)).toContainElement(
      screen.getByRole("link", { name: "Naar de klantenservice" }),
    );
    expect(screen.getByRole("link", { name: "Naar mijn abonnementen" })).toHaveAttribute(
      "href",
      "/mijn/abonnementen",
    );
  });

  it("shows the API's refusals of step 1 as their texts (not cancelable, already cancelled)", async () => {
    verify.mockImplementationOnce(() => refused("SubscriptionNotCancelableError"));
    await showStepOne();
    expect(screen.getByRole("alert")).toHaveTextContent(/Neem contact op met de klantenservice\.$/);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Naar de klantenservice" })).toHaveAttribute(
      "href",
      "/klantenservice",
    );
  });

  it("says a cancelled subscription is cancelled already", async () => {
    subscriptions = [{ ...SUBSCRIPTION, status: "cancelled" }];
    await showStepOne();
    expect(screen.getByRole("alert")).toHaveTextContent("Je abonnement is al opgezegd.");
    expect(verify).not.toHaveBeenCalled();
  });
});

describe("cancelling in three steps", () => {
  it("step 2: the offers as equal cards, and an equally prominent 'Nee, toch opzeggen'", async () => {
    const unmount = await showStepOne();
    await press(button("Verder"), unmount);
    expect(verify).toHaveBeenLastCalledWith({ body: { subscriptionId: 100001 } });
    expect(offers).toHaveBeenCalledWith({
      params: { pageId: "abonnement-opzeggen" },
      query: { subscriptionId: 100001 },
    });
    expect(screen.getByText("Stap 2 van 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Voordat je gaat" })).toBeInTheDocument();
    const half = screen.getByRole("article", { name: "3 maanden halve prijs" });
    expect(
      within(half).getByText("3 maanden halve prijs: de beschrijving van de redactie."),
    ).toBeInTheDocument();
    expect(within(half).getByText(/^Je volgende trekking: €\s28,75$/)).toBeInTheDocument();
    expect(within(half).getByText("Vanaf de Maandtrekking januari 2027")).toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "3 maanden pauze" })).getByText(
        /^Je volgende trekking: €\s0,00$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Speel met een vijfde lot" })).toBeInTheDocument();

    const accepts = screen.getAllByRole("button", { name: "Ja, dit wil ik" });
    expect(accepts).toHaveLength(3);
    // The same name on each: the offer's title describes which one it takes.
    expect(within(half).getByRole("button", { name: "Ja, dit wil ik" })).toHaveAccessibleDescription(
      "3 maanden halve prijs",
    );
    const decline = button("Nee, toch opzeggen");
    expect(decline.tagName).toBe("BUTTON");
    for (const accept of accepts) expect(decline.className).toBe(accept.className);
    expect(decline.className).not.toBe("");
    // A card of its own, beside the offers, with what stopping means.
    const declineCard = screen.getByRole("article", { name: "Toch opzeggen" });
    expect(declineCard.parentElement).toBe(half.parentElement);
    expect(
      within(declineCard).getByText(
        "Je speelt voor het laatst mee in de Maandtrekking december 2026 op 10 december 2026.",
      ),
    ).toBeInTheDocument();
  });

  it("step 3: 'Nee, toch opzeggen' cancels under the flow's transaction id: the last draw and the e-mail", async () => {
    let unmount = await showStepOne();
    const transactionId = answerData(loaderData).transactionId;
    ({ unmount } = await press(button("Verder"), unmount));
    const { answer } = await press(button("Nee, toch opzeggen"), unmount);
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledWith({ body: { subscriptionId: 100001, transactionId } });
    expect(statusOf(answer)).toBe(200);
    expect(screen.getByText("Stap 3 van 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Je abonnement is opgezegd" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Je speelt voor het laatst mee in de Maandtrekking december 2026 op 10 december 2026.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("We hebben je een bevestiging gemaild naar speler@kroonloterij.example."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Naar mijn abonnementen" })).toHaveAttribute(
      "href",
      "/mijn/abonnementen",
    );
  });

  it("cancels only the chosen items, carried from step 1 to the cancel call", async () => {
    let unmount = await showStepOne();
    screen.getByRole("radio", { name: "Alleen de loten die ik kies" }).click();
    screen.getByRole("checkbox", { name: "Los lot, Heel lot, elke maand" }).click();
    ({ unmount } = await press(button("Verder"), unmount));
    expect(verify).toHaveBeenLastCalledWith({
      body: { subscriptionId: 100001, subscriptionItems: [200002] },
    });
    cancel.mockResolvedValueOnce({
      ...cancelled,
      whole: false,
      items: [cancelQuote.items[0]!, { ...cancelQuote.items[1]! }].map((item, index) =>
        index === 0 ? { ...item, change: "unchanged" as const, after: item.before } : item,
      ),
      confirmationEmailQueued: true,
    });
    await press(button("Nee, toch opzeggen"), unmount);
    expect(cancel).toHaveBeenCalledWith({
      body: {
        subscriptionId: 100001,
        subscriptionItems: [200002],
        transactionId: expect.stringMatching(UUID),
      },
    });
    expect(screen.getByRole("heading", { level: 2, name: "Je loten zijn opgezegd" })).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent(/^Los lot, Heel lot, elke maand$/);
  });

  it("disables the tickets while the whole subscription is chosen, so they are not sent (issue 43)", async () => {
    let unmount = await showStepOne();
    const ticket = () => screen.getByRole("checkbox", { name: "Los lot, Heel lot, elke maand" });
    expect(ticket()).toBeDisabled();
    screen.getByRole("radio", { name: "Alleen de loten die ik kies" }).click();
    await waitFor(() => expect(ticket()).toBeEnabled());
    ticket().click();
    screen.getByRole("radio", { name: "Mijn hele abonnement" }).click();
    await waitFor(() => expect(ticket()).toBeDisabled());
    const fields = fieldsOf(button("Verder"));
    expect(fields.get("scope")).toBe("whole");
    expect(fields.getAll("item")).toEqual([]);
    ({ unmount } = await press(button("Verder"), unmount));
    expect(verify).toHaveBeenLastCalledWith({ body: { subscriptionId: 100001 } });
    unmount();
  });

  it("takes a post with the whole subscription and tickets (an old browser's) as the whole subscription", async () => {
    const unmount = await showStepOne();
    const fields = fieldsOf(button("Verder"));
    unmount();
    expect(fields.get("scope")).toBe("whole");
    fields.append("item", "200002");
    await post(fields);
    expect(verify).toHaveBeenLastCalledWith({ body: { subscriptionId: 100001 } });
  });

  it("asks for items when the player chose to stop some but ticked none", async () => {
    const unmount = await showStepOne();
    screen.getByRole("radio", { name: "Alleen de loten die ik kies" }).click();
    const { answer } = await press(button("Verder"), unmount);
    expect(statusOf(answer)).toBe(422);
    expect(screen.getByRole("alert")).toHaveTextContent("Kies een of meer loten van je abonnement");
    expect(screen.getByRole("radio", { name: "Alleen de loten die ik kies" })).toBeChecked();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it("leaves out step 2 when no offer applies: step 1 says 'Opzeggen' and cancels in two steps", async () => {
    verify.mockImplementation(() => Promise.resolve({ ...cancelQuote, retentionOffers: false }));
    const unmount = await showStepOne();
    expect(screen.getByText("Stap 1 van 2")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verder" })).toBeNull();
    await press(button("Opzeggen"), unmount);
    expect(offers).not.toHaveBeenCalled();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Stap 2 van 2")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Je abonnement is opgezegd" })).toBeInTheDocument();
  });

  it("still shows step 2, with only 'Nee, toch opzeggen', when step 1 promised offers that are gone", async () => {
    offers.mockResolvedValue({ pageId: "abonnement-opzeggen", subscriptionId: 100001, offers: [] });
    const unmount = await showStepOne();
    await press(button("Verder"), unmount);
    expect(cancel).not.toHaveBeenCalled();
    expect(screen.getByText("We hebben op dit moment geen aanbod voor je.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ja, dit wil ik" })).toBeNull();
    expect(button("Nee, toch opzeggen")).toBeInTheDocument();
  });

  it("mails without naming an address the profile does not have", async () => {
    let unmount = await showStepOne();
    ({ unmount } = await press(button("Verder"), unmount));
    const fields = fieldsOf(button("Nee, toch opzeggen"));
    const request = new Request(PAGE, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    });
    const answer = await action(
      args(request, { ...PLAYER, email: "" }) as unknown as Parameters<typeof action>[0],
    );
    unmount();
    renderPage(answer);
    expect(screen.getByText("We hebben je een bevestiging gemaild.")).toBeInTheDocument();
  });
});

describe("accepting an offer", () => {
  it("keeps the subscription with the offer: what changed and from which draw", async () => {
    let unmount = await showStepOne();
    const transactionId = answerData(loaderData).transactionId;
    ({ unmount } = await press(button("Verder"), unmount));
    const half = screen.getByRole("article", { name: "3 maanden halve prijs" });
    await press(within(half).getByRole("button", { name: "Ja, dit wil ik" }), unmount);
    expect(accept).toHaveBeenCalledWith({
      params: { pageId: "abonnement-opzeggen" },
      body: { transactionId, subscriptionId: 100001, offerId: "drie-maanden-halve-prijs" },
    });
    expect(cancel).not.toHaveBeenCalled();
    expect(screen.getByText("Stap 3 van 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Fijn dat je blijft" })).toBeInTheDocument();
    expect(screen.getByText("Je hebt gekozen voor: 3 maanden halve prijs.")).toBeInTheDocument();
    expect(screen.getByText("Dit geldt vanaf de Maandtrekking januari 2027.")).toBeInTheDocument();
    expect(screen.getByText(/^Je volgende trekking: €\s28,75$/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Naar mijn abonnementen" })).toHaveAttribute(
      "href",
      "/mijn/abonnementen",
    );
  });

  it.each([["OfferNotAvailableError"], ["NoOfferAvailableError"]])(
    "says an offer is no longer available (%s) and lets the player go on cancelling",
    async (code) => {
      let unmount = await showStepOne();
      ({ unmount } = await press(button("Verder"), unmount));
      accept.mockImplementationOnce(() => refused(code));
      offers.mockResolvedValue({
        pageId: "abonnement-opzeggen",
        subscriptionId: 100001,
        offers: OFFERS.slice(1),
      });
      const half = screen.getByRole("article", { name: "3 maanden halve prijs" });
      ({ unmount } = await press(within(half).getByRole("button", { name: "Ja, dit wil ik" }), unmount));
      expect(screen.getByRole("alert")).toHaveTextContent("Dit aanbod is niet meer beschikbaar.");
      expect(screen.queryByRole("article", { name: "3 maanden halve prijs" })).toBeNull();
      await press(button("Nee, toch opzeggen"), unmount);
      expect(cancel).toHaveBeenCalledTimes(1);
      expect(
        screen.getByRole("heading", { level: 2, name: "Je abonnement is opgezegd" }),
      ).toBeInTheDocument();
    },
  );
});

describe("refusals of the cancellation", () => {
  it.each([
    ["SubscriptionAlreadyCanceledError", "Je abonnement is al opgezegd."],
    [
      "TransactionAlreadyProcessedError",
      "Deze bestelling is mogelijk al verwerkt. Controleer je bestellingen.",
    ],
    [
      "SubscriptionNotCancelableError",
      "Je abonnement kan niet online worden opgezegd. Neem contact op met de klantenservice.",
    ],
  ])("shows %s as its text on the page, not the error page", async (code, message) => {
    let unmount = await showStepOne();
    ({ unmount } = await press(button("Verder"), unmount));
    cancel.mockImplementationOnce(() => refused(code));
    const { answer } = await press(button("Nee, toch opzeggen"), unmount);
    expect(statusOf(answer)).toBe(409);
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Naar mijn abonnementen" })).toBeInTheDocument();
    // Only a subscription the customer service must cancel links there.
    expect(screen.queryAllByRole("link", { name: "Naar de klantenservice" })).toHaveLength(
      code === "SubscriptionNotCancelableError" ? 1 : 0,
    );
  });

  it("two tabs: each cancels under its own id; the second is told it is cancelled already", async () => {
    let first = await showStepOne();
    const firstTab = fieldsOf(button("Verder"));
    ({ unmount: first } = await press(button("Verder"), first));
    const firstDecline = fieldsOf(button("Nee, toch opzeggen"));
    first();
    let second = await showStepOne();
    const secondTab = fieldsOf(button("Verder"));
    expect(secondTab.get("transactionId")).not.toBe(firstTab.get("transactionId"));
    ({ unmount: second } = await press(button("Verder"), second));
    const secondDecline = fieldsOf(button("Nee, toch opzeggen"));
    second();

    await post(firstDecline);
    cancel.mockImplementationOnce(() => refused("SubscriptionAlreadyCanceledError"));
    const answer = await post(secondDecline);
    expect(cancel.mock.calls.map(([input]) => input.body.transactionId)).toEqual([
      firstTab.get("transactionId"),
      secondTab.get("transactionId"),
    ]);
    renderPage(answer);
    expect(screen.getByRole("alert")).toHaveTextContent("Je abonnement is al opgezegd.");
  });

  it("offers to start again after a rolled-back try", async () => {
    let unmount = await showStepOne();
    ({ unmount } = await press(button("Verder"), unmount));
    cancel.mockImplementationOnce(() => refused("TransactionRolledbackError"));
    await press(button("Nee, toch opzeggen"), unmount);
    expect(screen.getByRole("alert")).toHaveTextContent("Je bestelling is niet gelukt, probeer het opnieuw.");
    expect(screen.getByRole("link", { name: "Opnieuw beginnen" })).toHaveAttribute(
      "href",
      "/mijn/abonnement/100001/opzeggen",
    );
  });

  it("refuses a post without this session's anti-forgery token, changing nothing", async () => {
    const unmount = await showStepOne();
    const fields = fieldsOf(button("Verder"));
    unmount();
    fields.set("RequestVerificationToken", "forged");
    const answer = await post(fields);
    expect(statusOf(answer)).toBe(403);
    expect(answerData(answer)).toMatchObject({
      step: "stopped",
      message: "Dit formulier is verlopen. Probeer het opnieuw.",
    });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(cancel).not.toHaveBeenCalled();
  });
});
