import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getLoyalty } from "@/src/contract/loyalty";
import type { PlayerDetails } from "@/src/contract/player";
import { getPlayerDetails } from "@/src/contract/player";
import type { Profile } from "@/src/contract/portal";
import { getSubscriptions, payOutstanding, type SubscriptionSummary } from "@/src/contract/subscriptions";
import { getPortalToken } from "@/src/contract/tokens";
import { getWallet } from "@/src/contract/wallet";
import { ApiError } from "@/src/shop/client/api-error";
import { subscription } from "@/src/shop/slices/subscriptions/subscription.fixtures";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountPage, { loader as accountLoader } from "./account";
import MySubscriptionsPage, { action, loader } from "./my-subscriptions";

const PLAYER = { email: "speler@kroonloterij.example" } as Profile;

function clientsWith(subscriptions: SubscriptionSummary[] | Error) {
  return stubClients([
    [
      getSubscriptions,
      () => (subscriptions instanceof Error ? Promise.reject(subscriptions) : { subscriptions }),
    ],
    [
      getPlayerDetails,
      () =>
        ({
          customerDetails: { customerNumber: "K-1001", fullName: "Jan de Vries" },
          addressDetails: { formattedAddress: "Lotstraat 1, 2511 AA Den Haag" },
        }) as PlayerDetails,
    ],
    [getPortalToken, () => ({ token: "t" })],
    [
      getWallet,
      () => ({
        balanceInCents: 2_000,
        transactions: [
          {
            id: "7d1f3c7e-5b1e-4c0e-9a43-2f7e4b6a1c11",
            kind: "refund",
            amountInCents: 2_000,
            description: "Terugbetaling: eerdere betaling voor een abonnement dat je opnieuw hebt afgesloten",
            at: "2031-01-12T10:00:00.000Z",
          },
        ],
      }),
    ],
    [getLoyalty, () => ({ member: false, joinedAt: null, points: 0, recent: [] })],
  ]);
}

async function renderMySubscriptions(subscriptions: SubscriptionSummary[]) {
  const answer = await loader({
    request: new Request("http://shop.test/mijn/abonnementen"),
    context: routeContext({ clients: clientsWith(subscriptions), player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const loaderData = (answer as unknown as { data: unknown }).data;
  const props = { loaderData } as unknown as Parameters<typeof MySubscriptionsPage>[0];
  const Stub = createRoutesStub([
    { path: "/mijn/abonnementen", Component: () => <MySubscriptionsPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/mijn/abonnementen"]} />);
}

const value = (region: HTMLElement, term: string) =>
  within(region).getByText(term, { selector: "dt" }).nextElementSibling;

describe("/mijn/abonnementen", () => {
  it("sends an anonymous visitor to the portal's login", async () => {
    const thrown = (await loader({
      request: new Request("http://shop.test/mijn/abonnementen"),
      context: routeContext({ clients: clientsWith([]) }),
      params: {},
    } as unknown as Parameters<typeof loader>[0]).catch((error: unknown) => error)) as Response;
    expect(thrown.headers.get("Location")).toBe("/inloggen?returnUrl=%2Fmijn%2Fabonnementen");
  });

  it("shows each subscription: status, items, monthly amount, mandate, promotion, next draw and collections", async () => {
    await renderMySubscriptions([
      subscription,
      { ...subscription, id: 100002, status: "locked", collections: [] },
    ]);
    const first = screen.getByRole("region", { name: "Abonnement 100001" });
    expect(value(first, "Status")).toHaveTextContent("Actief");
    expect(value(first, "Per maand")).toHaveTextContent(/^€\s40,00$/);
    expect(value(first, "Rekening")).toHaveTextContent("**************4300 (J. de Vries)");
    expect(value(first, "Kenmerk machtiging")).toHaveTextContent("KRL-100001-1");
    expect(value(first, "Aanbieding")).toHaveTextContent("Proefabonnement: nog 2 trekkingen met korting");
    expect(value(first, "Volgende trekking")).toHaveTextContent(
      /^Maandtrekking februari 2031 \(10 februari 2031\): €\s20,00$/,
    );
    expect(
      within(first).getByText("Straat (10 loten), Vijfde lot, met XL, vast lotnummer 0123450, elke maand"),
    ).toBeInTheDocument();
    const collections = within(first).getByRole("table", { name: "Laatste afschrijvingen" });
    expect(within(collections).getAllByRole("row")[1]).toHaveTextContent(
      /^Maandtrekking januari 2031 \(10 januari 2031\)€\s20,00iDEALBetaald$/,
    );
    const locked = screen.getByRole("region", { name: "Abonnement 100002" });
    expect(value(locked, "Status")).toHaveTextContent("Geblokkeerd: openstaande betaling");
    expect(within(locked).getByText("Nog geen afschrijvingen.")).toBeInTheDocument();
    expect(within(first).queryByRole("button", { name: /Nu betalen/ })).toBeNull();
  });

  it("shows what a locked subscription owes with Nu betalen, by iDEAL or from a balance that covers it (issue 40)", async () => {
    await renderMySubscriptions([
      { ...subscription, id: 100002, status: "locked", outstandingInCents: 1_750 },
      { ...subscription, id: 100003, status: "locked", outstandingInCents: 4_000 },
    ]);
    const covered = screen.getByRole("region", { name: "Abonnement 100002" });
    expect(value(covered, "Openstaand bedrag")).toHaveTextContent(/^€\s17,50/);
    expect(within(covered).getByRole("button", { name: /^Nu betalen \(€\s17,50\)$/ })).toBeInTheDocument();
    expect(within(covered).getByRole("radio", { name: /Mijn saldo/ })).toBeChecked();
    expect(within(covered).getByRole("radio", { name: /Mijn saldo/ })).toBeEnabled();
    const notCovered = screen.getByRole("region", { name: "Abonnement 100003" });
    expect(within(notCovered).getByRole("radio", { name: "iDEAL" })).toBeChecked();
    expect(within(notCovered).getByRole("radio", { name: /Mijn saldo/ })).toBeDisabled();
    expect(within(notCovered).getByRole("radio", { name: /Mijn saldo/ }).parentElement).toHaveTextContent(
      /te laag; betaal met iDEAL/,
    );
  });

  it("shows an accepted retention offer with until when, and a pause (issue 43)", async () => {
    await renderMySubscriptions([
      {
        ...subscription,
        promotion: null,
        discounts: [
          {
            label: "3 maanden halve prijs",
            discountPercent: 50,
            draws: 3,
            drawsLeft: 2,
            lastDraw: { drawId: 303, name: "Maandtrekking maart 2031", drawDate: "2031-03-10T19:00:00.000Z" },
          },
        ],
      },
      {
        ...subscription,
        id: 100002,
        promotion: null,
        nextDraw: null,
        pause: { from: "2031-02-10T19:00:00.000Z", until: "2031-04-10T19:00:00.000Z" },
      },
    ]);
    const discounted = screen.getByRole("region", { name: "Abonnement 100001" });
    expect(value(discounted, "Je aanbod")).toHaveTextContent(
      "3 maanden halve prijs: 50% korting op nog 2 trekkingen, tot en met Maandtrekking maart 2031 (10 maart 2031)",
    );
    const paused = screen.getByRole("region", { name: "Abonnement 100002" });
    expect(value(paused, "Pauze")).toHaveTextContent(
      "Je abonnement speelt niet mee van 10 februari 2031 tot en met 10 april 2031",
    );
    expect(value(paused, "Volgende trekking")).toHaveTextContent("Geen");
  });

  it("shows a cancelled subscription as cancelled with its last draw, without amounts, offers or change links (issue 43)", async () => {
    await renderMySubscriptions([
      {
        ...subscription,
        status: "cancelled",
        nextDraw: null,
        cancelledAt: "2031-02-01T10:00:00.000Z",
        lastDraw: { drawId: 302, name: "Maandtrekking februari 2031", drawDate: "2031-02-10T19:00:00.000Z" },
        discounts: [
          { label: "3 maanden halve prijs", discountPercent: 50, draws: 3, drawsLeft: 3, lastDraw: null },
        ],
      },
    ]);
    const card = screen.getByRole("region", { name: "Abonnement 100001" });
    expect(value(card, "Status")).toHaveTextContent("OpgezegdOpgezegd op 1 februari 2031");
    expect(value(card, "Laatste trekking")).toHaveTextContent(
      "Maandtrekking februari 2031 (10 februari 2031)",
    );
    for (const term of ["Per maand", "Aanbieding", "Je aanbod", "Volgende trekking"]) {
      expect(within(card).queryByText(term, { selector: "dt" }), term).toBeNull();
    }
    expect(within(card).queryByText(/€/)).toHaveTextContent(/^€\s20,00$/);
    expect(within(card).queryByRole("link", { name: /Wijzigen|Opzeggen/ })).toBeNull();
    expect(value(card, "Kenmerk machtiging")).toHaveTextContent("KRL-100001-1");
  });

  it("invites a player without subscriptions to take one", async () => {
    await renderMySubscriptions([]);
    expect(screen.getByText(/Je hebt nog geen abonnement\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Neem een abonnement" })).toHaveAttribute("href", "/abonnement");
  });
});

describe("the /mijn overview", () => {
  async function renderOverview(subscriptions: SubscriptionSummary[] | Error) {
    const loaderData = await accountLoader({
      request: new Request("http://shop.test/mijn"),
      context: routeContext({ clients: clientsWith(subscriptions), player: PLAYER }),
      params: {},
    } as unknown as Parameters<typeof accountLoader>[0]);
    const props = { loaderData } as unknown as Parameters<typeof AccountPage>[0];
    const Stub = createRoutesStub([{ path: "/mijn", Component: () => <AccountPage {...props} /> }]);
    render(<Stub initialEntries={["/mijn"]} />);
  }

  it("links to the player's subscriptions with the number of active ones", async () => {
    await renderOverview([
      subscription,
      { ...subscription, id: 100002 },
      { ...subscription, id: 100003, status: "cancelled" },
    ]);
    const link = screen.getByRole("link", { name: "Mijn abonnementen" });
    expect(link).toHaveAttribute("href", "/mijn/abonnementen");
    expect(link.parentElement).toHaveTextContent("Mijn abonnementen (2 actieve abonnementen)");
    expect(link.parentElement).not.toHaveTextContent("binnenkort beschikbaar");
  });

  it("counts a locked subscription as active, and says it is locked (issue 40)", async () => {
    await renderOverview([{ ...subscription, status: "locked", outstandingInCents: 1_750 }]);
    expect(screen.getByRole("link", { name: "Mijn abonnementen" }).parentElement).toHaveTextContent(
      "Mijn abonnementen (1 actief abonnement, waarvan 1 geblokkeerd)",
    );
  });

  it("shows the latest refund into the wallet (issue 40)", async () => {
    await renderOverview([]);
    expect(screen.getByRole("link", { name: "Mijn saldo" }).parentElement).toHaveTextContent(
      /Teruggestort op 12 januari 2031: €\s20,00 \(Terugbetaling: eerdere betaling/,
    );
  });

  it("still links to them when the shop cannot count them right now", async () => {
    const { ApiError } = await import("@/src/shop/client/api-error");
    await renderOverview(new ApiError({ status: 503, message: "Service Unavailable" }));
    expect(screen.getByRole("link", { name: "Mijn abonnementen" }).parentElement).toHaveTextContent(
      /^Mijn abonnementen$/,
    );
  });
});

describe("Nu betalen on /mijn/abonnementen (the form action, issue 40)", () => {
  const TRANSACTION = "5b0a4f0e-3c52-4a43-9f1e-0c2d8f3b7a61";
  const FIELDS = {
    RequestVerificationToken: "t",
    subscriptionId: "100002",
    transactionId: TRANSACTION.toUpperCase(),
    paymentMethod: "ideal",
  };

  function payWith(
    fields: Record<string, string>,
    pay: (input: unknown) => unknown,
    player: Profile | null = PLAYER,
  ) {
    return action({
      request: formPost("http://shop.test/mijn/abonnementen", fields),
      context: routeContext({
        clients: stubClients([
          [getPortalToken, () => ({ token: "t" })],
          [payOutstanding, (input) => pay(input) as never],
        ]),
        player: player ?? undefined,
      }),
      params: {},
    } as unknown as Parameters<typeof action>[0]).catch((thrown: unknown) => thrown);
  }
  const refusal = (answer: unknown) =>
    answer as { data: { subscriptionId: number; formError: string }; init: { status: number } };

  it("pays under the form's transaction id and answers 303 to the payment page", async () => {
    const pay = vi.fn().mockResolvedValue({
      transactionId: TRANSACTION,
      status: "pending",
      amountInCents: 1_750,
      redirectUrl: "/betaalsimulator/tr_abc",
    });
    const answer = (await payWith(FIELDS, pay)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/betaalsimulator/tr_abc");
    expect(pay).toHaveBeenCalledWith({
      params: { subscriptionId: 100002 },
      body: { transactionId: TRANSACTION, paymentMethod: "ideal" },
    });
  });

  it("pays from the balance and goes straight to the result", async () => {
    const pay = vi.fn().mockResolvedValue({
      transactionId: TRANSACTION,
      status: "paid",
      amountInCents: 1_750,
      redirectUrl: `/mijn/abonnementen/betaling?subscriptionId=100002&transactionId=${TRANSACTION}`,
    });
    const answer = (await payWith({ ...FIELDS, paymentMethod: "balance" }, pay)) as Response;
    expect(answer.headers.get("Location")).toMatch(/^\/mijn\/abonnementen\/betaling\?/);
    expect(pay.mock.calls[0]?.[0]).toMatchObject({ body: { paymentMethod: "balance" } });
  });

  it("pays nothing from a form without this browser's token, a malformed form or no method", async () => {
    const pay = vi.fn();
    const expired = refusal(await payWith({ ...FIELDS, RequestVerificationToken: "other" }, pay));
    expect(expired.init.status).toBe(403);
    expect(expired.data.formError).toBe("Dit formulier is verlopen. Probeer het opnieuw.");
    expect(refusal(await payWith({ ...FIELDS, transactionId: "x" }, pay)).init.status).toBe(400);
    expect(refusal(await payWith({ ...FIELDS, subscriptionId: "-1" }, pay)).init.status).toBe(400);
    const noMethod = refusal(await payWith({ ...FIELDS, paymentMethod: "" }, pay));
    expect(noMethod.init.status).toBe(422);
    expect(noMethod.data).toMatchObject({ subscriptionId: 100002 });
    expect(pay).not.toHaveBeenCalled();
  });

  it("shows the shop's Dutch refusal at the subscription: a balance too low, nothing owed", async () => {
    const tooLow = vi.fn().mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Unprocessable",
        fieldErrors: { paymentMethod: ["Je saldo is te laag (€ 2,50)."] },
      }),
    );
    const short = refusal(await payWith({ ...FIELDS, paymentMethod: "balance" }, tooLow));
    expect(short.init.status).toBe(422);
    expect(short.data).toEqual({ subscriptionId: 100002, formError: "Je saldo is te laag (€ 2,50)." });

    const paid = vi.fn().mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Unprocessable",
        fieldErrors: { subscriptionId: ["Er staat voor dit abonnement niets open om te betalen."] },
      }),
    );
    expect(refusal(await payWith(FIELDS, paid)).data.formError).toBe(
      "Er staat voor dit abonnement niets open om te betalen.",
    );
  });

  it("lets a server error through to the error page, and sends an anonymous visitor to the login", async () => {
    const down = vi.fn().mockRejectedValue(new ApiError({ status: 503, message: "Service Unavailable" }));
    expect(await payWith(FIELDS, down)).toBeInstanceOf(ApiError);
    const anonymous = (await payWith(FIELDS, vi.fn(), null)) as Response;
    expect(anonymous.headers.get("Location")).toMatch(/^\/inloggen\?returnUrl=/);
  });
});
