import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type BasketAdjustment, getBasketAdjustments } from "@/src/contract/action-codes";
import type { Profile } from "@/src/contract/portal";
import { storeBasket, type VerifiedBasket, verifyBasket } from "@/src/contract/tickets";
import { getPortalToken } from "@/src/contract/tokens";
import { getWallet } from "@/src/contract/wallet";
import { encodeBasketCookie } from "@/src/domain/tickets/basket-cookie";
import { walletMessages } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";
import { formPost, routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import CheckoutPage, { action, loader } from "./checkout";

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));

const TRANSACTION = "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e";
/** This browser's anti-forgery token, which the page's form carries. */
const TOKEN = "token-of-this-session";
const PLAYER = { email: "speler@kroonloterij.example", validationState: "Validated" } as Profile;
const shown = [classicTicket(), millionGameTicket()];
const store = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  store.mockReset();
  clients = stubClients([
    [storeBasket, (input) => store(input)],
    [verifyBasket, () => ({ valid: true, items: [], totalInCents: 0, units: 0 })],
    [getBasketAdjustments, () => ({ adjustments: [], basketTotalInCents: 0, totalInCents: 0 })],
    [getPortalToken, () => ({ token: TOKEN })],
    [getWallet, () => ({ balanceInCents: 5_000 })],
  ]);
});

function pay(fields: Record<string, string>, options: { player?: Profile } = { player: PLAYER }) {
  return action({
    request: formPost(
      "http://shop.test/afrekenen",
      { RequestVerificationToken: TOKEN, ...fields },
      `kl_checkout=${TRANSACTION}`,
    ),
    context: routeContext({ clients, player: options.player }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

describe("POST /afrekenen (paying without JavaScript)", () => {
  it("stores the tickets the page showed under the checkout's transaction id and answers 303 to the payment page", async () => {
    store.mockResolvedValue({
      transactionId: TRANSACTION,
      status: "pending",
      totalInCents: 1950,
      redirectUrl: "/betaalsimulator/tr_1",
    });
    const answer = (await pay({
      tickets: encodeBasketCookie(shown),
      paymentMethod: "ideal",
      issuer: "INGBNL2A",
    })) as Response;
    expect(store).toHaveBeenCalledWith({
      body: { transactionId: TRANSACTION, tickets: shown, paymentMethod: "ideal", issuer: "INGBNL2A" },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/betaalsimulator/tr_1");
  });

  it("sends no bank with a credit card", async () => {
    store.mockResolvedValue({
      transactionId: TRANSACTION,
      status: "pending",
      totalInCents: 0,
      redirectUrl: "/x",
    });
    await pay({ tickets: encodeBasketCookie(shown), paymentMethod: "creditcard", issuer: "INGBNL2A" });
    expect(store.mock.calls[0]![0].body).toMatchObject({ paymentMethod: "creditcard", issuer: undefined });
  });

  it("shows the shop's Dutch refusal with the player's choice, and ends a checkout that was rolled back", async () => {
    store.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "TransactionRolledbackError",
        message: "Deze bestelling is afgebroken. Probeer het opnieuw.",
      }),
    );
    const answer = (await pay({
      tickets: encodeBasketCookie(shown),
      paymentMethod: "creditcard",
    })) as { data: unknown; init: ResponseInit };
    expect(answer.init.status).toBe(409);
    expect(answer.data).toEqual({
      paymentMethod: "creditcard",
      issuer: undefined,
      error: "Deze bestelling is afgebroken. Probeer het opnieuw.",
    });
    expect(setCookies(answer)).toEqual([expect.stringMatching(/^kl_checkout=; .*Max-Age=0/)]);
  });

  it("pays from the balance: no bank goes along, and the answer leads to the result page", async () => {
    store.mockResolvedValue({
      transactionId: TRANSACTION,
      status: "paid",
      totalInCents: 1950,
      redirectUrl: `/afrekenen/resultaat?transactionId=${TRANSACTION}`,
    });
    const answer = (await pay({
      tickets: encodeBasketCookie(shown),
      paymentMethod: "balance",
      issuer: "INGBNL2A",
    })) as Response;
    expect(store.mock.calls[0]![0].body).toMatchObject({ paymentMethod: "balance", issuer: undefined });
    expect(answer.headers.get("Location")).toBe(`/afrekenen/resultaat?transactionId=${TRANSACTION}`);
  });

  it("says at the payment method when the balance does not cover the order", async () => {
    store.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "InsufficientBalanceError",
        message: "Er is iets mis gegaan, probeer het later opnieuw",
        fieldErrors: { paymentMethod: [walletMessages.balanceTooLow(500)] },
      }),
    );
    const answer = (await pay({ tickets: encodeBasketCookie(shown), paymentMethod: "balance" })) as {
      data: { error: string };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(422);
    expect(answer.data.error).toBe(walletMessages.balanceTooLow(500));
  });

  it("orders nothing from a form without this browser's token (another site's, or an old page)", async () => {
    const answer = (await pay({
      RequestVerificationToken: "another-token",
      tickets: encodeBasketCookie(shown),
      paymentMethod: "ideal",
    })) as { data: { error: string }; init: ResponseInit };
    expect(answer.init.status).toBe(403);
    expect(answer.data.error).toBe("Dit formulier is verlopen. Probeer het opnieuw.");
    expect(store).not.toHaveBeenCalled();
  });

  it("orders nothing when the form holds no tickets", async () => {
    const answer = (await pay({ tickets: "", paymentMethod: "ideal" })) as { data: { error: string } };
    expect(answer.data.error).toBe("Je winkelmandje is leeg. Kies eerst je loten.");
    expect(store).not.toHaveBeenCalled();
  });

  it("sends a visitor whose session ended to the portal before ordering anything", async () => {
    const thrown = (await pay({ tickets: encodeBasketCookie(shown) }, {}).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.headers.get("Location")).toBe("/inloggen?returnUrl=%2Fafrekenen");
    expect(store).not.toHaveBeenCalled();
  });
});

describe("the age gate (issue 16: iDIN before the first payment)", () => {
  const NOT_VALIDATED = { ...PLAYER, validationState: "NotValidated" } as Profile;

  function load(url: string, player: Profile) {
    return loader({
      request: new Request(url),
      context: routeContext({ clients, player }),
      params: {},
    } as unknown as Parameters<typeof loader>[0]).catch((error: unknown) => error);
  }

  it("sends a player whose age is not confirmed to the iDIN page, coming back to the checkout", async () => {
    const answer = (await load("http://shop.test/afrekenen?stap=1", NOT_VALIDATED)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen%3Fstap%3D1");
    expect(clients.calls.map((call) => call.endpoint)).not.toContain(verifyBasket);
  });

  it.each(["Refused", "Review"])("sends a %s player there too (the page explains why)", async (state) => {
    const answer = (await load("http://shop.test/afrekenen", {
      ...PLAYER,
      validationState: state,
    })) as Response;
    expect(answer.headers.get("Location")).toBe("/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen");
  });

  it("never asks a validated player, and reads the balance to offer it", async () => {
    const answer = (await load("http://shop.test/afrekenen", PLAYER)) as {
      data: { email: string; balanceInCents?: number };
    };
    expect(answer.data.email).toBe(PLAYER.email);
    expect(answer.data.balanceInCents).toBe(5_000);
    expect(clients.calls.map((call) => call.endpoint)).toContain(verifyBasket);
  });

  it("takes the confirmation the bank's return left, so it is in the HTML without JavaScript", async () => {
    const flash = encodeURIComponent(
      JSON.stringify({ message: "Je leeftijd is bevestigd", variant: "success", autoHide: true }),
    );
    const answer = (await loader({
      request: new Request("http://shop.test/afrekenen", { headers: { cookie: `kl_flash=${flash}` } }),
      context: routeContext({ clients, player: PLAYER }),
      params: {},
    } as unknown as Parameters<typeof loader>[0])) as { data: { flash?: { message: string } } };
    expect(answer.data.flash?.message).toBe("Je leeftijd is bevestigd");
    expect(setCookies(answer)).toContainEqual(expect.stringMatching(/^kl_flash=; .*Max-Age=0/));
  });

  it("starts no payment for a player whose age is not confirmed", async () => {
    const answer = (await pay(
      { tickets: encodeBasketCookie(shown), paymentMethod: "ideal" },
      {
        player: NOT_VALIDATED,
      },
    ).catch((error: unknown) => error)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen");
    expect(store).not.toHaveBeenCalled();
  });
});

describe("the checkout form", () => {
  const verified: VerifiedBasket = {
    valid: true,
    items: shown.map((ticket) => ({
      basketItemId: ticket.basketItemId,
      status: "ok" as const,
      draw: null,
      ticket,
      lineTotalInCents: 1750,
    })),
    totalInCents: 1950,
    units: 2,
  };

  function renderPage(
    actionData?: unknown,
    balanceInCents?: number,
    offers?: { adjustments: BasketAdjustment[]; totalInCents: number },
  ) {
    const props = {
      loaderData: {
        verified,
        offers,
        balanceInCents,
        transactionId: TRANSACTION,
        email: PLAYER.email,
        token: TOKEN,
      },
      actionData,
    } as unknown as Parameters<typeof CheckoutPage>[0];
    const Stub = createRoutesStub([{ path: "/afrekenen", Component: () => <CheckoutPage {...props} /> }]);
    render(<Stub initialEntries={["/afrekenen"]} />);
  }

  it("posts to the checkout's action with the shown tickets, the method and the bank", () => {
    renderPage();
    const button = screen.getByRole("button", { name: /^Betaal €\s19,50$/ });
    const form = button.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/afrekenen");
    expect(new FormData(form).get("tickets")).toBe(encodeBasketCookie(shown));
    expect(new FormData(form).get("RequestVerificationToken")).toBe(TOKEN);
    expect(screen.getByRole("combobox", { name: "Kies je bank" })).toHaveAttribute("name", "issuer");
    expect(screen.getByRole("radio", { name: "iDEAL" })).toHaveAttribute("name", "paymentMethod");
  });

  it("shows the action's refusal with the payment method the player chose", () => {
    renderPage({ paymentMethod: "creditcard", error: "Deze bestelling is afgebroken." });
    expect(screen.getByRole("alert")).toHaveTextContent("Deze bestelling is afgebroken.");
    expect(screen.getByRole("radio", { name: "Creditcard" })).toBeChecked();
  });

  it("offers the balance only when it covers the order", () => {
    renderPage(undefined, 1950);
    expect(screen.getByRole("radio", { name: /^Met je saldo \(€\s19,50\)$/ })).toHaveAttribute(
      "value",
      "balance",
    );
  });

  it("says why the balance is not offered when it is too low", () => {
    renderPage(undefined, 1949);
    expect(screen.queryByRole("radio", { name: /saldo/ })).toBeNull();
    expect(screen.getByText(/Je saldo \(€\s19,49\) is niet genoeg/)).toBeInTheDocument();
  });

  it("shows a campaign offer's line and asks the total with it; one that does not apply changes nothing", () => {
    const discount: BasketAdjustment = {
      status: "applies",
      activationId: "0d3e0000-0000-4000-8000-00000000000a",
      pageId: "kerstactie",
      campaignName: "Kerstactie",
      label: "€ 5,00 korting op je bestelling",
      amountInCents: -500,
      discountInCents: 500,
      lines: [],
    };
    renderPage(undefined, 1500, { adjustments: [discount], totalInCents: 1450 });
    expect(screen.getByText("Actie Kerstactie: € 5,00 korting op je bestelling")).toBeInTheDocument();
    expect(screen.getByText(/^\u2212\s€\s5,00$/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Betaal €\s14,50$/ })).toBeInTheDocument();
    // The balance covers the total with the discount.
    expect(screen.getByRole("radio", { name: /^Met je saldo/ })).toBeInTheDocument();
  });

  it("charges the basket's total when the offer does not apply to it", () => {
    const notQualified: BasketAdjustment = {
      status: "notQualified",
      activationId: "0d3e0000-0000-4000-8000-00000000000a",
      pageId: "kerstactie",
      campaignName: "Kerstactie",
      label: "€ 5,00 korting op je bestelling vanaf € 50,00",
      reason: "Dit aanbod geldt bij een bestelling vanaf € 50,00.",
    };
    renderPage(undefined, undefined, { adjustments: [notQualified], totalInCents: 1950 });
    expect(screen.queryByText(/Actie Kerstactie/)).toBeNull();
    expect(screen.getByRole("button", { name: /^Betaal €\s19,50$/ })).toBeInTheDocument();
  });
});
