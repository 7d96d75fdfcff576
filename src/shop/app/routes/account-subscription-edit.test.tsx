import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EndpointDefinition } from "@/src/contract/define";
import type { Profile } from "@/src/contract/portal";
import {
  getSubscriptionChangeDetails,
  removeSubscriptionItems,
  type SubscriptionChangeApplied,
  type SubscriptionChangeQuote,
  updateSubscriptionItem,
  verifyAddSubscriptionItems,
  verifyRemoveSubscriptionItems,
  verifyUpdateSubscriptionItem,
} from "@/src/contract/subscription-changes";
import { getSubscriptions, type SubscriptionItem } from "@/src/contract/subscriptions";
import { getPortalToken } from "@/src/contract/tokens";
import { ApiError } from "@/src/shop/client/api-error";
import type { EditDetails } from "@/src/shop/slices/subscriptions/edit/edit-details";
import { quotedKey } from "@/src/shop/slices/subscriptions/edit/item-form";
import { details as priceDetails, subscription } from "@/src/shop/slices/subscriptions/subscription.fixtures";
import { SubscriptionCard } from "@/src/shop/slices/subscriptions/subscription-card";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountSubscriptionEditPage, { action, loader } from "./account-subscription-edit";
import { AccountSubscriptionEditPage as EditView } from "./views/account-subscription-edit";

/** The browser's shop client (the verify calls made while the player edits). */
const browserCall = vi.fn();
vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: browserCall }, portal: { call: vi.fn() } }),
}));

const TOKEN = "token-of-this-session";
const TRANSACTION = "0f6c2b8e-8a4d-4c3e-9b7a-1d2e3f4a5b6c";
const PLAYER = { email: "speler@kroonloterij.example", fullName: "Jan de Vries" } as Profile;
const PAGE = "http://shop.test/mijn/abonnement/100001/aanpassen";

const february = {
  drawId: 302,
  name: "Maandtrekking februari 2031",
  drawDate: "2031-02-10T19:00:00.000Z",
  salesCloseDateTime: "2031-02-10T17:00:00.000Z",
};
const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** A street of fifths, every month. */
const street: SubscriptionItem = {
  id: 200001,
  subscriptionId: 100001,
  productType: "Street",
  fractionType: "ONE_FIFTH",
  withXl: false,
  endDigits: null,
  withFixedTicketNumber: false,
  participatingMonths: ALL_MONTHS,
  multiplier: 1,
  pricePerDrawInCents: 3500,
  fixedNumber: null,
};
const editDetails: EditDetails = {
  subscriptionId: 100001,
  status: "active",
  cancelableOnline: true,
  items: [street],
  monthlyAmountInCents: 3500,
  products: priceDetails.products,
  multipliers: [1, 2, 3, 4, 5],
  maxItems: 10,
  maxQuantity: 10,
  months: ALL_MONTHS,
  minParticipatingMonths: 3,
  effectiveDraw: february,
};

/** The quote of the street changed as given, at a monthly amount. */
function quoteOf(change: Partial<SubscriptionItem>, afterInCents: number): SubscriptionChangeQuote {
  const { id: _, subscriptionId: __, fixedNumber: ___, ...before } = street;
  return {
    subscriptionId: 100001,
    kind: "updateItem",
    items: [
      {
        id: street.id,
        change: "changed",
        before,
        after: { ...before, ...change, pricePerDrawInCents: afterInCents },
      },
    ],
    monthlyAmountBeforeInCents: 3500,
    monthlyAmountAfterInCents: afterInCents,
    effectiveDraw: february,
    payment: { method: "nextCollection", amountInCents: afterInCents, draw: february },
  };
}
const wholeWithXl = quoteOf({ fractionType: "WHOLE", withXl: true }, 20000);
const wholeOnly = quoteOf({ fractionType: "WHOLE" }, 17500);

const shopAnswers = {
  details: vi.fn(),
  verifyUpdate: vi.fn(),
  update: vi.fn(),
  verifyRemove: vi.fn(),
  remove: vi.fn(),
  verifyAdd: vi.fn(),
};

/** The loader's quote of the add form's default choice: one whole single ticket, € 17,50 more a month. */
const ADD_ONE_TICKET: SubscriptionChangeQuote = {
  ...quoteOf({}, 1750),
  kind: "addItems",
  monthlyAmountAfterInCents: 5250,
};

function clients() {
  return stubClients([
    [getSubscriptionChangeDetails, (input) => shopAnswers.details(input)],
    [verifyUpdateSubscriptionItem, (input) => shopAnswers.verifyUpdate(input)],
    [updateSubscriptionItem, (input) => shopAnswers.update(input)],
    [verifyRemoveSubscriptionItems, (input) => shopAnswers.verifyRemove(input)],
    [verifyAddSubscriptionItems, (input) => shopAnswers.verifyAdd(input)],
    [removeSubscriptionItems, (input) => shopAnswers.remove(input)],
    [getPortalToken, () => ({ token: TOKEN })],
    [
      getSubscriptions,
      () => ({
        subscriptions: [{ ...subscription, id: 100001, status: "locked", outstandingInCents: 1_750 }],
      }),
    ],
  ]);
}

beforeEach(() => {
  browserCall.mockReset();
  for (const answer of Object.values(shopAnswers)) answer.mockReset();
  shopAnswers.details.mockResolvedValue(editDetails);
  shopAnswers.verifyAdd.mockResolvedValue(ADD_ONE_TICKET);
});

function load(url = PAGE, subscriptionId = "100001") {
  return loader({
    request: new Request(url),
    context: routeContext({ clients: clients(), player: PLAYER }),
    params: { subscription: subscriptionId },
  } as unknown as Parameters<typeof loader>[0]);
}

async function post(fields: Record<string, string>) {
  const clientsUsed = clients();
  const answer = await action({
    request: formPost(PAGE, { RequestVerificationToken: TOKEN, transactionId: TRANSACTION, ...fields }),
    context: routeContext({ clients: clientsUsed, player: PLAYER }),
    params: { subscription: "100001" },
  } as unknown as Parameters<typeof action>[0]);
  const { data, init } = answer as unknown as { data: unknown; init?: ResponseInit };
  return { data, status: init?.status ?? 200, calls: clientsUsed.calls };
}

/** The street's form fields as a browser posts them: changed to a whole ticket with XL. */
const STREET_WHOLE_XL = {
  itemId: "200001",
  productType: "Street",
  fractionType: "WHOLE",
  withXl: "true",
  multiplier: "1",
  participatingMonths: "1",
};
function streetPost(intent: string): Record<string, string> {
  return { intent, ...STREET_WHOLE_XL };
}
/** The key of the street's changed body, as the form carries it next to the quote it shows. */
const STREET_WHOLE_XL_KEY = quotedKey({
  id: 200001,
  productType: "Street",
  fractionType: "WHOLE",
  withXl: true,
  endDigits: null,
  withFixedTicketNumber: false,
  participatingMonths: [...ALL_MONTHS],
  multiplier: 1,
});

/** URLSearchParams keeps repeated months; a record cannot, so the months are added here. */
async function postItem(intent: string, quoted: string | undefined = STREET_WHOLE_XL_KEY) {
  const fields = new URLSearchParams({ RequestVerificationToken: TOKEN, transactionId: TRANSACTION });
  if (quoted !== undefined) fields.set("quoted", quoted);
  for (const [name, value] of Object.entries(streetPost(intent)))
    if (name !== "participatingMonths") fields.set(name, value);
  for (const month of ALL_MONTHS) fields.append("participatingMonths", String(month));
  const used = clients();
  const answer = await action({
    request: new Request(PAGE, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    }),
    context: routeContext({ clients: used, player: PLAYER }),
    params: { subscription: "100001" },
  } as unknown as Parameters<typeof action>[0]);
  const { data, init } = answer as unknown as { data: unknown; init?: ResponseInit };
  return { data, status: init?.status ?? 200, calls: used.calls };
}

function renderPage(loaderData: unknown, actionData?: unknown) {
  const props = { loaderData, actionData } as unknown as Parameters<typeof AccountSubscriptionEditPage>[0];
  const Stub = createRoutesStub([
    {
      path: "/mijn/abonnement/:subscription/aanpassen",
      Component: () => <AccountSubscriptionEditPage {...props} />,
    },
  ]);
  render(<Stub initialEntries={["/mijn/abonnement/100001/aanpassen"]} />);
  return userEvent.setup();
}

const streetRegion = () => screen.getByRole("region", { name: /^Lot 1: Straat \(10 loten\), Vijfde lot/ });
const verifyBodies = () =>
  browserCall.mock.calls
    .filter(([endpoint]) => (endpoint as EndpointDefinition) === verifyUpdateSubscriptionItem)
    .map(([, input]) => (input as { body: unknown }).body);

describe("GET /mijn/abonnement/{id}/aanpassen", () => {
  it("is the 404 page for another player's subscription, and for an id that is not one", async () => {
    shopAnswers.details.mockRejectedValue(
      new ApiError({ status: 404, code: "UserHasNoSubscriptionError", message: "geen abonnement" }),
    );
    const thrown = (await load().catch((error: unknown) => error)) as { init: ResponseInit };
    expect(thrown.init.status).toBe(404);
    expect(shopAnswers.details).toHaveBeenCalledWith({ query: { subscriptionId: 100001 } });

    shopAnswers.details.mockClear();
    const invalid = (await load("http://shop.test/mijn/abonnement/abc/aanpassen", "abc").catch(
      (error: unknown) => error,
    )) as { init: ResponseInit };
    expect(invalid.init.status).toBe(404);
    expect(shopAnswers.details).not.toHaveBeenCalled();
  });

  it("shows the items, the monthly amount and the draw changes take effect from, with a transaction id per form", async () => {
    const loaded = await load();
    renderPage(loaded);
    const current = screen.getByRole("region", { name: "Je abonnement nu" });
    expect(within(current).getByText("Per maand").nextElementSibling).toHaveTextContent(/^€\s35,00$/);
    expect(within(current).getByText("Wijzigingen gaan in vanaf").nextElementSibling).toHaveTextContent(
      "Maandtrekking februari 2031 (10 februari 2031)",
    );
    expect(within(current).getByText("Straat (10 loten), Vijfde lot, elke maand")).toBeInTheDocument();
    const form = within(streetRegion()).getByRole("form", { name: /^Lot 1/ });
    const id = (form.querySelector('input[name="transactionId"]') as HTMLInputElement).value;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole("link", { name: "Abonnement opzeggen" })).toHaveAttribute(
      "href",
      "/mijn/abonnement/100001/opzeggen",
    );
  });
});

describe("changing an item", () => {
  it("shows the verified new monthly amount and its draw before the confirm button", async () => {
    browserCall.mockImplementation(async (_endpoint, { body }) => (body.withXl ? wholeWithXl : wholeOnly));
    const user = renderPage(await load());
    const region = streetRegion();
    // Nothing changed yet: nothing to confirm, and the shop is not asked.
    expect(within(region).queryByRole("button", { name: "Wijziging bevestigen" })).toBeNull();
    expect(within(region).getByRole("status")).toHaveTextContent(
      "Wijzig iets aan dit lot om het nieuwe bedrag te zien.",
    );
    await user.click(within(region).getByRole("radio", { name: /^Heel lot/ }));
    await user.click(within(region).getByRole("checkbox", { name: /^Speel mee met XL/ }));

    const status = within(region).getByRole("status", { name: "Wat je wijziging kost" });
    await waitFor(() => expect(status).toHaveTextContent("Nieuw bedrag per maand: € 200,00 (was € 35,00)"));
    expect(status).toHaveTextContent("Gaat in vanaf de Maandtrekking februari 2031 (10 februari 2031)");
    expect(within(region).getByRole("button", { name: "Wijziging bevestigen" })).toBeInTheDocument();
    expect(verifyBodies().at(-1)).toEqual({
      id: 200001,
      productType: "Street",
      fractionType: "WHOLE",
      withXl: true,
      endDigits: null,
      withFixedTicketNumber: false,
      participatingMonths: ALL_MONTHS,
      multiplier: 1,
    });
  });

  it("never shows a slow answer of an earlier verify call that arrives after the newer one", async () => {
    // The mock ignores the abort signal: the old answer really arrives, late.
    let answerFirst: (quote: SubscriptionChangeQuote) => void = () => {};
    const signals: AbortSignal[] = [];
    browserCall.mockImplementation((_endpoint, { body, signal }) => {
      signals.push(signal);
      if (!body.withXl) return new Promise((resolve) => (answerFirst = resolve));
      return Promise.resolve(wholeWithXl);
    });
    const user = renderPage(await load());
    const region = streetRegion();
    await user.click(within(region).getByRole("radio", { name: /^Heel lot/ }));
    await user.click(within(region).getByRole("checkbox", { name: /^Speel mee met XL/ }));
    const status = within(region).getByRole("status", { name: "Wat je wijziging kost" });
    await waitFor(() => expect(status).toHaveTextContent("€ 200,00 (was € 35,00)"));
    expect(signals[0]?.aborted).toBe(true);

    answerFirst(wholeOnly);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(status).toHaveTextContent("Nieuw bedrag per maand: € 200,00 (was € 35,00)");
    expect(status).not.toHaveTextContent("€ 175,00");
  });

  it("shows no amount of an earlier choice while the current one is still being verified", async () => {
    let answerSecond: (quote: SubscriptionChangeQuote) => void = () => {};
    browserCall.mockImplementation((_endpoint, { body }) =>
      body.withXl ? new Promise((resolve) => (answerSecond = resolve)) : Promise.resolve(wholeOnly),
    );
    const user = renderPage(await load());
    const region = streetRegion();
    await user.click(within(region).getByRole("radio", { name: /^Heel lot/ }));
    const status = within(region).getByRole("status", { name: "Wat je wijziging kost" });
    await waitFor(() => expect(status).toHaveTextContent("€ 175,00"));
    await user.click(within(region).getByRole("checkbox", { name: /^Speel mee met XL/ }));
    expect(status).not.toHaveTextContent("€ 175,00");
    expect(status).toHaveTextContent("Het nieuwe bedrag wordt berekend…");
    expect(within(region).queryByRole("button", { name: "Wijziging bevestigen" })).toBeNull();
    answerSecond(wholeWithXl);
    await waitFor(() => expect(status).toHaveTextContent("€ 200,00"));
  });

  it("without JavaScript: the action verifies the posted form and the page shows the quote and the confirm button", async () => {
    shopAnswers.verifyUpdate.mockResolvedValue(wholeWithXl);
    const answer = await postItem("verifyUpdate");
    expect(answer.status).toBe(200);
    expect(shopAnswers.verifyUpdate).toHaveBeenCalledWith({
      body: expect.objectContaining({ id: 200001, fractionType: "WHOLE", withXl: true }),
    });
    renderPage(await load(), answer.data);
    const region = streetRegion();
    expect(within(region).getByRole("radio", { name: /^Heel lot/ })).toBeChecked();
    expect(within(region).getByRole("status", { name: "Wat je wijziging kost" })).toHaveTextContent(
      "Nieuw bedrag per maand: € 200,00 (was € 35,00)",
    );
    expect(within(region).getByRole("button", { name: "Wijziging bevestigen" })).toBeInTheDocument();
    expect(browserCall).not.toHaveBeenCalled();
  });

  it("confirming applies the change under the form's transaction id and says from which draw it plays", async () => {
    const applied: SubscriptionChangeApplied = {
      ...wholeWithXl,
      transactionId: TRANSACTION,
      appliedAt: "2031-01-20T10:00:00.000Z",
      subscription: {
        ...subscription,
        monthlyAmountInCents: 20000,
        items: [{ ...street, fractionType: "WHOLE", withXl: true, pricePerDrawInCents: 20000 }],
      },
    };
    shopAnswers.update.mockResolvedValue(applied);
    const answer = await postItem("update");
    expect(answer.status).toBe(200);
    expect(shopAnswers.update).toHaveBeenCalledWith({
      body: expect.objectContaining({
        id: 200001,
        fractionType: "WHOLE",
        withXl: true,
        transactionId: TRANSACTION,
      }),
    });
    shopAnswers.details.mockResolvedValue({
      ...editDetails,
      items: applied.subscription.items,
      monthlyAmountInCents: 20000,
    });
    renderPage(await load(), answer.data);
    const confirmation = screen
      .getAllByRole("status")
      .find((element) => element.textContent?.startsWith("Je wijziging is opgeslagen."));
    expect(confirmation).toHaveTextContent(
      "Vanaf de Maandtrekking februari 2031 (10 februari 2031) speel je met: Straat (10 loten), Heel lot, met XL, elke maand.",
    );
    expect(confirmation).toHaveTextContent("Per maand betaal je dan € 200,00.");
    expect(
      within(screen.getByRole("region", { name: "Je abonnement nu" })).getByText(
        "Straat (10 loten), Heel lot, met XL, elke maand",
      ),
    ).toBeInTheDocument();
  });

  it("without JavaScript: a form changed after its quote is priced again, not applied", async () => {
    shopAnswers.verifyUpdate.mockResolvedValue(wholeWithXl);
    // The quote the page showed was for a whole ticket without XL; the player then ticked XL.
    const stale = quotedKey({
      id: 200001,
      productType: "Street",
      fractionType: "WHOLE",
      withXl: false,
      endDigits: null,
      withFixedTicketNumber: false,
      participatingMonths: [...ALL_MONTHS],
      multiplier: 1,
    });
    const answer = await postItem("update", stale);
    expect(shopAnswers.update).not.toHaveBeenCalled();
    expect(shopAnswers.verifyUpdate).toHaveBeenCalledWith({
      body: expect.objectContaining({ id: 200001, fractionType: "WHOLE", withXl: true }),
    });
    renderPage(await load(), answer.data);
    const region = streetRegion();
    expect(within(region).getByRole("alert")).toHaveTextContent(
      "Je keuze is veranderd nadat het bedrag was berekend.",
    );
    expect(within(region).getByRole("status", { name: "Wat je wijziging kost" })).toHaveTextContent(
      "Nieuw bedrag per maand: € 200,00 (was € 35,00)",
    );
    // Confirming now sends the key of what it shows.
    const form = within(region).getByRole("form") as HTMLFormElement;
    expect((form.querySelector('input[name="quoted"]') as HTMLInputElement).value).toBe(STREET_WHOLE_XL_KEY);
  });

  it("shows the shop's 422 at its field and moves focus there", async () => {
    shopAnswers.update.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "InvalidChoice",
        message: "Controleer je keuze",
        fieldErrors: { fractionType: ["Kies een heel lot of een vijfde"] },
      }),
    );
    // The browser asks again for the refused choice once hydrated; that answer is still on its way.
    browserCall.mockReturnValue(new Promise(() => {}));
    const answer = await postItem("update");
    expect(answer.status).toBe(422);
    renderPage(await load(), answer.data);
    const region = streetRegion();
    const fractions = within(region).getByRole("group", { name: "Heel lot of een vijfde" });
    expect(fractions).toHaveAccessibleDescription("Kies een heel lot of een vijfde");
    await waitFor(() => expect(within(region).getByRole("radio", { name: /^Heel lot/ })).toHaveFocus());
  });

  it("shows a conflict's Dutch text (a locked subscription) and keeps what the player chose", async () => {
    shopAnswers.update.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "SubscriptionLockedError",
        message: "Je abonnement is geblokkeerd vanwege een openstaande betaling.",
      }),
    );
    // The browser asks again for the refused choice once hydrated; that answer is still on its way.
    browserCall.mockReturnValue(new Promise(() => {}));
    const answer = await postItem("update");
    expect(answer.status).toBe(409);
    renderPage(await load(), answer.data);
    const region = streetRegion();
    expect(within(region).getByRole("alert")).toHaveTextContent(
      "Je abonnement is geblokkeerd vanwege een openstaande betaling.",
    );
    expect(within(region).getByRole("checkbox", { name: /^Speel mee met XL/ })).toBeChecked();
  });
});

describe("adding items", () => {
  it("shows the new monthly amount of the default ticket to add and its confirm button from the first render (issue 43)", async () => {
    const loaded = await load();
    expect(shopAnswers.verifyAdd).toHaveBeenCalledWith(
      expect.objectContaining({
        body: expect.objectContaining({ subscriptionId: 100001, productType: "SingleTicket", quantity: 1 }),
      }),
    );
    // The server's HTML, before any JavaScript runs.
    const props = { loaderData: loaded } as unknown as Parameters<typeof EditView>[0];
    const Stub = createRoutesStub([
      { path: "/mijn/abonnement/:subscription/aanpassen", Component: () => <EditView {...props} /> },
    ]);
    const html = renderToString(<Stub initialEntries={["/mijn/abonnement/100001/aanpassen"]} />);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const region = within(container).getByRole("region", { name: "Loten toevoegen" });
    expect(within(region).getByRole("status", { name: "Wat je wijziging kost" })).toHaveTextContent(
      "Nieuw bedrag per maand: € 52,50 (was € 35,00)",
    );
    const confirm = within(region).getByRole("button", { name: "Toevoegen bevestigen" });
    expect(confirm).toHaveAttribute("value", "add");
    expect(region.querySelector('input[name="quoted"]')).not.toBeNull();
    container.remove();
  });

  it("verifies what the player adds while they choose, and offers to confirm it", async () => {
    const added: SubscriptionChangeQuote = {
      ...quoteOf({}, 3500),
      kind: "addItems",
      monthlyAmountAfterInCents: 5500,
    };
    browserCall.mockResolvedValue(added);
    const user = renderPage(await load());
    const region = screen.getByRole("region", { name: "Loten toevoegen" });
    // The page does not ask the shop before the player chose anything.
    expect(browserCall).not.toHaveBeenCalled();
    await user.click(within(region).getByRole("checkbox", { name: /^Speel mee met XL/ }));
    await waitFor(() =>
      expect(within(region).getByRole("status", { name: "Wat je wijziging kost" })).toHaveTextContent(
        "Nieuw bedrag per maand: € 55,00 (was € 35,00)",
      ),
    );
    expect(browserCall).toHaveBeenLastCalledWith(verifyAddSubscriptionItems, {
      body: {
        subscriptionId: 100001,
        productType: "SingleTicket",
        fractionType: "WHOLE",
        withXl: true,
        quantity: 1,
        endDigits: [],
        multiplier: 1,
        withFixedTicketNumber: false,
        participatingMonths: ALL_MONTHS,
      },
      signal: expect.any(AbortSignal),
    });
    expect(within(region).getByRole("button", { name: "Toevoegen bevestigen" })).toBeInTheDocument();
    // The confirm carries the key of what was priced; the action applies nothing else.
    const quoted = region.querySelector('input[name="quoted"]') as HTMLInputElement;
    expect(JSON.parse(quoted.value)).toContainEqual(["withXl", true]);
  });
});

describe("a form post", () => {
  it("without this browser's anti-forgery token changes nothing and says the form expired", async () => {
    const answer = await post({ intent: "update", ...STREET_WHOLE_XL, RequestVerificationToken: "another" });
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({
      kind: "failed",
      formError: "Dit formulier is verlopen. Probeer het opnieuw.",
    });
    expect(shopAnswers.update).not.toHaveBeenCalled();
  });
});

describe("removing an item", () => {
  it("says what removing saves and from which draw, then removes it under the form's transaction id", async () => {
    const single: SubscriptionItem = {
      ...street,
      id: 200002,
      productType: "SingleTicket",
      fractionType: "WHOLE",
      pricePerDrawInCents: 1750,
    };
    shopAnswers.details.mockResolvedValue({
      ...editDetails,
      items: [street, single],
      monthlyAmountInCents: 5250,
    });
    const removal: SubscriptionChangeQuote = {
      ...quoteOf({}, 3500),
      kind: "removeItems",
      monthlyAmountBeforeInCents: 5250,
      monthlyAmountAfterInCents: 3500,
      payment: { method: "none", amountInCents: 0, draw: null },
    };
    shopAnswers.verifyRemove.mockResolvedValue(removal);
    const verified = await post({ intent: "verifyRemove", itemId: "200002" });
    expect(shopAnswers.verifyRemove).toHaveBeenCalledWith({ body: { subscriptionItems: [200002] } });
    renderPage(await load(), verified.data);
    const region = screen.getByRole("region", { name: /^Lot 2: Los lot/ });
    expect(
      within(region).getByRole("status", { name: "Wat er verandert als je dit lot verwijdert" }),
    ).toHaveTextContent(
      "Nieuw bedrag per maand: € 35,00 (was € 52,50)Gaat in vanaf de Maandtrekking februari 2031",
    );
    // The form is shown anew after the post: focus goes on to the confirm button.
    expect(within(region).getByRole("button", { name: "Verwijderen bevestigen" })).toHaveFocus();

    shopAnswers.remove.mockResolvedValue({
      ...removal,
      transactionId: TRANSACTION,
      appliedAt: "2031-01-20T10:00:00.000Z",
      subscription: { ...subscription, items: [street], monthlyAmountInCents: 3500 },
    });
    const removed = await post({ intent: "remove", itemId: "200002" });
    expect(shopAnswers.remove).toHaveBeenCalledWith({
      body: { subscriptionItems: [200002], transactionId: TRANSACTION },
    });
    expect(removed.data).toEqual({
      kind: "applied",
      message: [
        "Je wijziging is opgeslagen.",
        "Vanaf de Maandtrekking februari 2031 (10 februari 2031) speel je met: Straat (10 loten), Vijfde lot, elke maand.",
        expect.stringMatching(/^Per maand betaal je dan €\s35,00\.$/),
      ],
    });
  });

  it("removing the last item says it is a cancellation, with a link to cancel", async () => {
    shopAnswers.verifyRemove.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "InvalidChoice",
        message: "Controleer je keuze",
        fieldErrors: {
          subscriptionItems: [
            "Dit is het laatste lot van je abonnement. Wil je helemaal stoppen? Zeg dan je abonnement op.",
          ],
        },
      }),
    );
    const answer = await post({ intent: "verifyRemove", itemId: "200001" });
    expect(answer.status).toBe(422);
    expect(shopAnswers.verifyRemove).toHaveBeenCalledWith({ body: { subscriptionItems: [200001] } });
    renderPage(await load(), answer.data);
    const alert = within(streetRegion()).getByRole("alert");
    expect(alert).toHaveTextContent("Dit is het laatste lot van je abonnement.");
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole("link", { name: "Zeg je abonnement op" })).toHaveAttribute(
      "href",
      "/mijn/abonnement/100001/opzeggen",
    );
    expect(shopAnswers.remove).not.toHaveBeenCalled();
  });
});

describe("a subscription that cannot be changed", () => {
  it("locked: says why with the amount owed and the way to pay it, and shows no change forms", async () => {
    shopAnswers.details.mockResolvedValue({ ...editDetails, status: "locked" });
    renderPage(await load());
    expect(screen.getByRole("alert")).toHaveTextContent(
      /Je abonnement is geblokkeerd vanwege een openstaande betaling van €\s17,50\. Betaal die eerst/,
    );
    expect(screen.getByRole("link", { name: "Naar het openstaande bedrag" })).toHaveAttribute(
      "href",
      "/mijn/abonnementen#subscription-100001",
    );
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Straat (10 loten), Vijfde lot, elke maand")).toBeInTheDocument();
  });

  it("cancelled: says so, with no forms and no link to cancel", async () => {
    shopAnswers.details.mockResolvedValue({ ...editDetails, status: "cancelled", effectiveDraw: null });
    renderPage(await load());
    expect(screen.getByRole("alert")).toHaveTextContent("Dit abonnement is opgezegd.");
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.queryByRole("link", { name: "Abonnement opzeggen" })).toBeNull();
  });

  it("taken out by phone: no online cancellation, the customer service text instead", async () => {
    shopAnswers.details.mockResolvedValue({ ...editDetails, cancelableOnline: false });
    renderPage(await load());
    expect(screen.queryByRole("link", { name: "Abonnement opzeggen" })).toBeNull();
    const region = screen.getByRole("region", { name: "Stoppen met je abonnement" });
    expect(region).toHaveTextContent(/klantenservice/i);
    expect(region).toHaveTextContent("dan zeggen wij je abonnement voor je op");
    expect(within(region).getByRole("link", { name: "Naar de klantenservice" })).toHaveAttribute(
      "href",
      "/klantenservice",
    );
  });
});

describe("the subscription card on /mijn/abonnementen", () => {
  it("links an active or locked subscription to its edit page (and to cancel it online), a cancelled one not", () => {
    const Stub = createRoutesStub([
      {
        path: "/mijn/abonnementen",
        Component: () => (
          <>
            <SubscriptionCard subscription={subscription} />
            <SubscriptionCard
              subscription={{ ...subscription, id: 100002, status: "locked", cancelableOnline: false }}
            />
            <SubscriptionCard subscription={{ ...subscription, id: 100003, status: "cancelled" }} />
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={["/mijn/abonnementen"]} />);
    const active = screen.getByRole("region", { name: "Abonnement 100001" });
    expect(within(active).getByRole("link", { name: "Wijzigen" })).toHaveAttribute(
      "href",
      "/mijn/abonnement/100001/aanpassen",
    );
    expect(within(active).getByRole("link", { name: "Opzeggen" })).toHaveAttribute(
      "href",
      "/mijn/abonnement/100001/opzeggen",
    );
    const locked = screen.getByRole("region", { name: "Abonnement 100002" });
    expect(within(locked).getByRole("link", { name: "Wijzigen" })).toHaveAttribute(
      "href",
      "/mijn/abonnement/100002/aanpassen",
    );
    expect(within(locked).queryByRole("link", { name: "Opzeggen" })).toBeNull();
    const cancelled = screen.getByRole("region", { name: "Abonnement 100003" });
    expect(within(cancelled).queryByRole("link")).toBeNull();
  });
});
