import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type ActivatedOffer, getActionOffer } from "@/src/contract/action-codes";
import type { Profile } from "@/src/contract/portal";
import {
  getSubscriptionPriceDetails,
  takeOutSubscription,
  verifySubscription,
} from "@/src/contract/subscriptions";
import { getPortalToken } from "@/src/contract/tokens";
import { ApiError } from "@/src/shop/client/api-error";
import { details, quote } from "@/src/shop/slices/subscriptions/subscription.fixtures";
import { formPost, routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import SubscriptionSignUpPage, { action, loader } from "./subscription-sign-up";

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: () => new Promise(() => {}) }, portal: { call: vi.fn() } }),
}));

const TOKEN = "token-of-this-session";
const PLAYER = {
  email: "speler@kroonloterij.example",
  fullName: "Jan de Vries",
  iban: "**************4300",
  validationState: "Validated",
} as Profile;
/** A street, a fifth, XL, a fixed number, every month, in the trial: as the form block sends it. */
const CHOICE =
  "pageId=abonnement&formPage=%2Fabonnement&productType=Street&fractionType=ONE_FIFTH&withXl=true&quantity=1" +
  "&withFixedTicketNumber=true" +
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => `&participatingMonths=${month}`).join("") +
  "&chosenPromotionId=proef-drie-maanden";
const PAGE = `http://shop.test/abonnement/afsluiten?${CHOICE}`;

const verify = vi.fn();
const takeOut = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  verify.mockReset().mockResolvedValue(quote);
  takeOut.mockReset();
  clients = stubClients([
    [getSubscriptionPriceDetails, () => details],
    [verifySubscription, (input) => verify(input)],
    [takeOutSubscription, (input) => takeOut(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

type Answer = { data?: unknown; init?: ResponseInit } | Record<string, unknown>;
/** The value of a loader's or action's answer, whether it came with `data()` or plain. */
const answerData = (answer: unknown) =>
  ((answer as { type?: string }).type === "DataWithResponseInit"
    ? (answer as { data: unknown }).data
    : answer) as Record<string, unknown>;
const statusOf = (answer: unknown) => (answer as { init?: ResponseInit }).init?.status ?? 200;

/** `player: null` is an anonymous visitor. */
function load(url: string, player: Profile | null = PLAYER, cookie?: string) {
  const headers = cookie ? { cookie } : undefined;
  return loader({
    request: new Request(url, { headers }),
    context: routeContext({ clients, player: player ?? undefined }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]) as Promise<Answer>;
}

function post(fields: Record<string, string>, cookie?: string, url = PAGE) {
  return action({
    request: formPost(url, { RequestVerificationToken: TOKEN, ...fields }, cookie),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

/** This browser's sign-up cookie as the page set it. */
async function signUpCookie(): Promise<string> {
  const cookie = setCookies(await load(PAGE)).find((value) => value.startsWith("kl_subscription="));
  return cookie!.split(";")[0]!;
}

function renderPage(loaderData: unknown, actionData?: unknown) {
  const props = { loaderData, actionData } as unknown as Parameters<typeof SubscriptionSignUpPage>[0];
  const Stub = createRoutesStub([
    { path: "/abonnement/afsluiten", Component: () => <SubscriptionSignUpPage {...props} /> },
  ]);
  render(<Stub initialEntries={[`/abonnement/afsluiten?${CHOICE}`]} />);
}

const FIELDS = {
  iban: "NL91ABNA0417164300",
  accountHolder: "Jan de Vries",
  mandateAccepted: "true",
  issuer: "INGBNL2A",
};

describe("GET /abonnement/afsluiten", () => {
  it("sends an anonymous player to the portal's login, coming back to this address with every choice", async () => {
    const thrown = (await load(PAGE, null).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(302);
    const location = new URL(thrown.headers.get("Location")!, "http://shop.test");
    expect(location.pathname).toBe("/inloggen");
    expect(location.searchParams.get("returnUrl")).toBe(`/abonnement/afsluiten?${CHOICE}`);
    expect(verify).not.toHaveBeenCalled();
  });

  it("shows the quote, the profile's account and name, the mandate of today and the first iDEAL payment", async () => {
    const answer = await load(PAGE);
    expect(verify).toHaveBeenCalledWith({
      params: { pageId: "abonnement" },
      body: {
        productType: "Street",
        fractionType: "ONE_FIFTH",
        withXl: true,
        quantity: 1,
        endDigits: [],
        multiplier: 1,
        withFixedTicketNumber: true,
        participatingMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        chosenPromotionId: "proef-drie-maanden",
        // The sign-up's id (the cookie's), so the quote names the mandate the player signs.
        transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    expect(setCookies(answer)).toEqual([
      expect.stringMatching(/^kl_subscription=[0-9a-f-]{36}~.+; Path=\/; .*HttpOnly/),
    ]);
    renderPage(answerData(answer));
    const summary = screen.getByRole("region", { name: "Je abonnement" });
    expect(
      within(summary).getByText(
        "Straat (10 loten), Vijfde lot, met XL, elke maand hetzelfde lotnummer, elke maand",
      ),
    ).toBeInTheDocument();
    expect(within(summary).getByText("Per maand").nextElementSibling).toHaveTextContent(/^€\s40,00$/);
    expect(within(summary).getByText("Eerste betaling (iDEAL)").nextElementSibling).toHaveTextContent(
      /^€\s20,00$/,
    );
    expect(within(summary).getByText("Maandtrekking januari 2031 (10 januari 2031)")).toBeInTheDocument();
    expect(
      within(summary).getByText("Proefabonnement: de eerste 3 trekkingen 50% korting"),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Keuze wijzigen" })).toHaveAttribute(
      "href",
      `/abonnement?${CHOICE}`,
    );
    expect(screen.getByLabelText("IBAN")).toHaveValue("**************4300");
    expect(screen.getByLabelText("Naam rekeninghouder")).toHaveValue("Jan de Vries");
    expect(
      screen.getByRole("checkbox", {
        name: "Ik geef toestemming voor deze doorlopende machtiging tot automatische incasso",
      }),
    ).not.toBeChecked();
    expect(screen.getByText(/^Datum machtiging: \d{1,2} \w+ \d{4}$/)).toBeInTheDocument();
    expect(screen.getByText("Kenmerk machtiging: KRL-7Q2M4X9B1C")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Je bank voor de eerste betaling (iDEAL)" })).toHaveAttribute(
      "name",
      "issuer",
    );
    const button = screen.getByRole("button", { name: /^Afsluiten en €\s20,00 betalen met iDEAL$/ });
    expect(button.closest("form")).toHaveAttribute("method", "post");
  });

  it("shows the form again with its Dutch messages for a choice it refuses, keeping the rest, without asking for login", async () => {
    const bad = CHOICE.replace("quantity=1", "quantity=0").replace(/&participatingMonths=([3-9]|1\d)/g, "");
    const answer = await load(`http://shop.test/abonnement/afsluiten?${bad}`, null);
    expect(answerData(answer)).toMatchObject({
      step: "fix",
      errors: {
        quantity: "Kies een aantal van 1 tot en met 10",
        participatingMonths: "Kies minstens 3 maanden waarin je meespeelt",
      },
    });
    expect(verify).not.toHaveBeenCalled();
    renderPage(answerData(answer));
    expect(screen.getByRole("heading", { name: "Pas je keuze aan", level: 1 })).toBeInTheDocument();
    // The form's sections (h3) sit under a heading of the form, not straight under the page's h1.
    expect(screen.getByRole("heading", { name: "Abonnement samenstellen", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Abonnement samenstellen" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Wat je betaalt", level: 3 })).toBeInTheDocument();
    expect(screen.getByText("Kies een aantal van 1 tot en met 10")).toBeInTheDocument();
    expect(screen.getByText("Kies minstens 3 maanden waarin je meespeelt")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Straat (10 loten)" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Elke maand hetzelfde lotnummer" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "februari" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "maart" })).not.toBeChecked();
  });

  it("says a promotion the page no longer offers is gone, where the form shows it", async () => {
    clients = stubClients([[getSubscriptionPriceDetails, () => ({ ...details, promotion: null })]]);
    const answer = await load(PAGE, null);
    expect(answerData(answer)).toMatchObject({
      step: "fix",
      errors: { chosenPromotionId: "Deze aanbieding hoort niet bij dit abonnement" },
    });
    renderPage(answerData(answer));
    expect(screen.getByRole("alert")).toHaveTextContent("Deze aanbieding hoort niet bij dit abonnement");
  });

  it("shows the shop's refusal of the choice (422) at its field", async () => {
    verify.mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Unprocessable",
        fieldErrors: { chosenPromotionId: ["Deze aanbieding hoort niet bij dit abonnement"] },
      }),
    );
    const answer = await load(PAGE);
    expect(answerData(answer)).toMatchObject({
      step: "fix",
      errors: { chosenPromotionId: "Deze aanbieding hoort niet bij dit abonnement" },
    });
  });

  it("says a page id the shop does not sell is not for sale", async () => {
    clients = stubClients([
      [
        getSubscriptionPriceDetails,
        () => Promise.reject(new ApiError({ status: 404, message: "Not found" })),
      ],
    ]);
    const answer = await load(PAGE.replace("pageId=abonnement", "pageId=weg"));
    expect(statusOf(answer)).toBe(404);
    renderPage(answerData(answer));
    expect(screen.getByText("Dit abonnement is niet (meer) te koop.")).toBeInTheDocument();
  });
});

describe("the age gate (issue 16: iDIN before the first payment)", () => {
  const NOT_VALIDATED = { ...PLAYER, validationState: "NotValidated" } as Profile;

  it("sends a player whose age is not confirmed to the iDIN page, coming back with every choice", async () => {
    const thrown = (await load(PAGE, NOT_VALIDATED).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(303);
    const location = new URL(thrown.headers.get("Location")!, "http://shop.test");
    expect(location.pathname).toBe("/mijn/leeftijdscontrole");
    expect(location.searchParams.get("returnUrl")).toBe(`/abonnement/afsluiten?${CHOICE}`);
    expect(verify).not.toHaveBeenCalled();
  });

  it("takes out nothing for a player whose age is not confirmed", async () => {
    const thrown = (await action({
      request: formPost(PAGE, { RequestVerificationToken: TOKEN, ...FIELDS }),
      context: routeContext({ clients, player: NOT_VALIDATED }),
      params: {},
    } as unknown as Parameters<typeof action>[0]).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(303);
    expect(thrown.headers.get("Location")).toMatch(
      /^\/mijn\/leeftijdscontrole\?returnUrl=%2Fabonnement%2Fafsluiten%3F/,
    );
    expect(takeOut).not.toHaveBeenCalled();
  });
});

describe("POST /abonnement/afsluiten", () => {
  it("takes out the subscription under this browser's transaction id and answers 303 to the payment page", async () => {
    takeOut.mockResolvedValue({
      transactionId: "x",
      status: "pending",
      firstAmountInCents: 2000,
      redirectUrl: "/betaalsimulator/tr_1",
    });
    const cookie = await signUpCookie();
    const answer = (await post(FIELDS, cookie)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/betaalsimulator/tr_1");
    const input = takeOut.mock.calls[0]![0];
    expect(input).toEqual({
      params: { pageId: "abonnement" },
      body: {
        ...verify.mock.calls[0]![0].body,
        transactionId: cookie.slice("kl_subscription=".length, "kl_subscription=".length + 36),
        iban: "NL91ABNA0417164300",
        accountHolder: "Jan de Vries",
        mandateAccepted: true,
        issuer: "INGBNL2A",
      },
    });
    // A retry of the same form (a second click, the back button) sends the same id.
    await post(FIELDS, cookie);
    expect(takeOut.mock.calls[1]![0].body.transactionId).toBe(input.body.transactionId);
  });

  it("starts a new transaction id for another choice", async () => {
    takeOut.mockResolvedValue({
      transactionId: "x",
      status: "pending",
      firstAmountInCents: 0,
      redirectUrl: "/x",
    });
    const cookie = await signUpCookie();
    const answer = (await post(FIELDS, cookie, PAGE.replace("quantity=1", "quantity=2"))) as Response;
    const id = cookie.slice("kl_subscription=".length, "kl_subscription=".length + 36);
    expect(takeOut.mock.calls[0]![0].body.transactionId).not.toBe(id);
    expect(answer.headers.getSetCookie()).toEqual([expect.stringMatching(/^kl_subscription=/)]);
  });

  it("takes out nothing when the mandate was not accepted", async () => {
    const answer = await post({ ...FIELDS, mandateAccepted: "" }, await signUpCookie());
    expect(statusOf(answer)).toBe(422);
    expect(answerData(answer)).toMatchObject({
      errors: {
        mandateAccepted: "Geef toestemming voor de automatische incasso om je abonnement af te sluiten",
      },
    });
    expect(takeOut).not.toHaveBeenCalled();
  });

  it("names the account's problems together with the unticked mandate, so everything is mended at once", async () => {
    const answer = await post(
      { ...FIELDS, iban: "DE89370400440532013000", accountHolder: "", mandateAccepted: "" },
      await signUpCookie(),
    );
    expect(statusOf(answer)).toBe(422);
    expect(answerData(answer)).toMatchObject({
      errors: {
        iban: "Een abonnement betaal je met een Nederlandse bankrekening (IBAN begint met NL)",
        accountHolder: "Vul de naam van de rekeninghouder in",
        mandateAccepted: "Geef toestemming voor de automatische incasso om je abonnement af te sluiten",
      },
      values: { iban: "DE89370400440532013000" },
    });
    const typo = await post(
      { ...FIELDS, iban: "NL91ABNA0417164301", mandateAccepted: "" },
      await signUpCookie(),
    );
    expect(answerData(typo)).toMatchObject({
      errors: { iban: "Vul een geldig Nederlands IBAN in, bijvoorbeeld NL91 ABNA 0417 1643 00" },
    });
    expect(takeOut).not.toHaveBeenCalled();
  });

  it("shows the shop's refusal (422) next to the field, with every value and choice kept", async () => {
    takeOut.mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Unprocessable",
        fieldErrors: {
          iban: ["Een abonnement betaal je met een Nederlandse bankrekening (IBAN begint met NL)"],
        },
      }),
    );
    const cookie = await signUpCookie();
    const answer = await post({ ...FIELDS, iban: "BE68539007547034" }, cookie);
    expect(statusOf(answer)).toBe(422);
    renderPage(answerData(await load(PAGE, PLAYER, cookie)), answerData(answer));
    const iban = screen.getByLabelText("IBAN");
    expect(iban).toHaveValue("BE68539007547034");
    expect(iban).toHaveAccessibleDescription(
      expect.stringContaining(
        "Een abonnement betaal je met een Nederlandse bankrekening (IBAN begint met NL)",
      ),
    );
    expect(screen.getByRole("checkbox", { name: /Ik geef toestemming/ })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Je bank voor de eerste betaling (iDEAL)" })).toHaveValue(
      "INGBNL2A",
    );
    expect(screen.getByRole("link", { name: "Keuze wijzigen" })).toHaveAttribute(
      "href",
      `/abonnement?${CHOICE}`,
    );
  });

  it("ends a used transaction id (409) and says so, with a link to the player's subscriptions", async () => {
    takeOut.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "TransactionAlreadyProcessedError",
        message: "Deze bestelling is mogelijk al verwerkt. Controleer je bestellingen.",
      }),
    );
    const answer = await post(FIELDS, await signUpCookie());
    expect(statusOf(answer)).toBe(409);
    expect(setCookies(answer)).toEqual([expect.stringMatching(/^kl_subscription=; .*Max-Age=0/)]);
    renderPage(answerData(await load(PAGE)), answerData(answer));
    // In the words of a subscription, not the shop's order text the API sent.
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Dit abonnement is mogelijk al afgesloten. Kijk bij Mijn abonnementen voordat je het opnieuw probeert.",
    );
    expect(
      within(screen.getByRole("alert")).getByRole("link", { name: "Bekijk je abonnementen" }),
    ).toHaveAttribute("href", "/mijn/abonnementen");
  });

  it("gives a sign-up that ended unpaid (rolled back) a new transaction id at once, and shows that id's mandate (issue 40)", async () => {
    takeOut.mockRejectedValue(
      new ApiError({ status: 409, code: "TransactionRolledbackError", message: "Rolled back" }),
    );
    const cookie = await signUpCookie();
    const used = cookie.slice("kl_subscription=".length, "kl_subscription=".length + 36);
    verify.mockResolvedValue({ ...quote, mandateId: "KRL-NIEUW12345" });
    const answer = await post(FIELDS, cookie);
    expect(statusOf(answer)).toBe(409);
    const [renewed] = setCookies(answer);
    expect(renewed).toMatch(/^kl_subscription=[0-9a-f-]{36}~/);
    expect(renewed).not.toMatch(/Max-Age=0/);
    const next = renewed!.slice("kl_subscription=".length, "kl_subscription=".length + 36);
    expect(next).not.toBe(used);
    // The shop API was asked for the new id's mandate, with the same choice.
    expect(verify.mock.lastCall![0]).toEqual({
      params: { pageId: "abonnement" },
      body: { ...verify.mock.calls[0]![0].body, transactionId: next },
    });
    expect(answerData(answer)).toMatchObject({ mandateId: "KRL-NIEUW12345", alreadyProcessed: false });
    verify.mockResolvedValue(quote);
    renderPage(answerData(await load(PAGE)), answerData(answer));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Het afsluiten is niet gelukt. Er is niets afgeschreven; probeer het opnieuw.",
    );
    expect(screen.getByText("Kenmerk machtiging: KRL-NIEUW12345")).toBeInTheDocument();
    expect(screen.queryByText("Kenmerk machtiging: KRL-7Q2M4X9B1C")).toBeNull();
  });

  it("takes out nothing from a form without this browser's token", async () => {
    const answer = await post({ ...FIELDS, RequestVerificationToken: "another" }, await signUpCookie());
    expect(statusOf(answer)).toBe(403);
    expect(answerData(answer)).toMatchObject({
      formError: "Dit formulier is verlopen. Probeer het opnieuw.",
    });
    expect(takeOut).not.toHaveBeenCalled();
  });
});

describe("a campaign's trial subscription (actie, issue 18)", () => {
  const TRIAL = {
    id: "actie-proefabonnement",
    label: "Proefabonnement",
    draws: 3,
    discountPercent: 75,
    trial: true,
  };
  const OFFER: ActivatedOffer = {
    activationId: "0d3e0000-0000-4000-8000-00000000000b",
    pageId: "proefabonnement",
    campaignName: "Proefabonnement",
    actionPagePath: "/proefabonnement",
    endsAt: "2027-01-26T12:00:00.000Z",
    label: "Proefabonnement: de eerste 3 trekkingen 75% korting",
    inBasket: false,
    status: "activated",
    subscription: { pageId: "abonnement", promotion: TRIAL },
  };
  const TRIAL_PAGE = "http://shop.test/abonnement/afsluiten?pageId=abonnement&actie=proefabonnement";
  const offerOf = vi.fn();

  beforeEach(() => {
    offerOf.mockReset().mockResolvedValue(OFFER);
    clients = stubClients([
      [getSubscriptionPriceDetails, () => details],
      [getActionOffer, (input) => offerOf(input)],
      [verifySubscription, (input) => verify(input)],
      [takeOutSubscription, (input) => takeOut(input)],
      [getPortalToken, () => ({ token: TOKEN })],
    ]);
  });

  it("shows the form with the trial instead of the page's promotion, to choose first (stap=keuze)", async () => {
    const answer = answerData(await load(`${TRIAL_PAGE}&stap=keuze`));
    expect(offerOf).toHaveBeenCalledWith({ params: { pageId: "proefabonnement" } });
    expect(answer).toMatchObject({
      step: "fix",
      errors: {},
      details: { promotion: TRIAL },
      form: { promotionId: "actie-proefabonnement", actionPageId: "proefabonnement" },
    });
    expect(verify).not.toHaveBeenCalled();
    renderPage(answer);
    expect(
      screen.getByRole("checkbox", { name: "Proefabonnement: de eerste 3 trekkingen 75% korting" }),
    ).toBeChecked();
    const form = screen.getByRole("checkbox", { name: /Proefabonnement/ }).closest("form");
    expect(form?.querySelector('input[type="hidden"][name="actie"]')).toHaveValue("proefabonnement");
  });

  it("verifies and takes out the choice with the campaign, and links back to the form with it", async () => {
    const page = `${TRIAL_PAGE}&productType=SingleTicket&fractionType=WHOLE&quantity=1&participatingMonths=1&participatingMonths=2&participatingMonths=3&participatingMonths=4&participatingMonths=5&participatingMonths=6&chosenPromotionId=actie-proefabonnement`;
    const answer = answerData(await load(page));
    expect(verify).toHaveBeenCalledWith({
      params: { pageId: "abonnement" },
      body: expect.objectContaining({
        chosenPromotionId: "actie-proefabonnement",
        actionPageId: "proefabonnement",
      }),
    });
    expect(answer.changeLink).toMatch(
      /^\/abonnement\/afsluiten\?pageId=abonnement&.*actie=proefabonnement.*&stap=keuze$/,
    );

    takeOut.mockResolvedValue({ redirectUrl: "/betalen/p1", transactionId: "t", status: "pending" });
    const cookie = setCookies(await load(page)).find((value) => value.startsWith("kl_subscription="));
    const posted = (await post(FIELDS, cookie?.split(";")[0], page).catch(
      (thrown: unknown) => thrown,
    )) as Response;
    expect(posted.status).toBe(303);
    expect(takeOut).toHaveBeenCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ actionPageId: "proefabonnement" }) }),
    );
  });

  it("takes out a subscription without the trial when the player unticks it", async () => {
    const page = `${TRIAL_PAGE}&productType=SingleTicket&fractionType=WHOLE&quantity=1&participatingMonths=1&participatingMonths=2&participatingMonths=3&participatingMonths=4&participatingMonths=5&participatingMonths=6`;
    await load(page);
    const body = verify.mock.calls[0]?.[0].body as Record<string, unknown>;
    expect(body.chosenPromotionId).toBeUndefined();
    expect(body.actionPageId).toBeUndefined();
  });

  it("says why there is no trial, with the way to the campaign's page, and verifies nothing", async () => {
    offerOf.mockRejectedValue(
      new ApiError({
        status: 404,
        code: "NoActivatedActionFoundError",
        message: "Ga naar de actiepagina om je persoonlijke code in te vullen.",
        fieldErrors: { actionPagePath: ["/proefabonnement"] },
      }),
    );
    const answer = await load(`${TRIAL_PAGE}&stap=keuze`);
    expect(statusOf(answer)).toBe(409);
    expect(verify).not.toHaveBeenCalled();
    renderPage(answerData(answer));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Ga naar de actiepagina om je persoonlijke code in te vullen.",
    );
    expect(screen.getByRole("link", { name: "Naar de actiepagina" })).toHaveAttribute(
      "href",
      "/proefabonnement",
    );
  });

  it("asks a visitor to log in before anything of the trial is read", async () => {
    const thrown = (await load(`${TRIAL_PAGE}&stap=keuze`, null).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.status).toBe(302);
    expect(offerOf).not.toHaveBeenCalled();
  });
});
