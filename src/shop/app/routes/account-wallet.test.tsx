import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import { getPortalToken } from "@/src/contract/tokens";
import {
  depositCreditCard,
  depositIdeal,
  getDeposit,
  getWallet,
  setDepositLimit,
  type Wallet,
  withdraw,
} from "@/src/contract/wallet";
import { createFlash, serialiseFlash } from "@/src/lib/flash/flash";
import { general, walletMessages, walletPage } from "@/src/lib/messages";
import { ApiError, messageFor } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountWalletPage, { action, loader } from "./account-wallet";

const TOKEN = "token-of-this-session";
const PLAYER = { email: "speler@kroonloterij.example", validationState: "Validated" } as Profile;
const TRANSACTION = "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e";
const PAGE = "http://shop.test/mijn/saldo";

const WALLET: Wallet = {
  balanceInCents: 1_750,
  pendingDepositsInCents: 2_500,
  pendingWithdrawalsInCents: 0,
  iban: "**************4300",
  mandateIban: null,
  depositLimit: {
    monthlyLimitInCents: 50_000,
    depositedThisMonthInCents: 3_500,
    remainingThisMonthInCents: 46_500,
    pending: { limitInCents: 80_000, from: "2026-12-16T12:00:00.000Z" },
  },
  transactions: [
    {
      id: "0b7f4c1e-1d2a-4c3b-8e5f-6a7b8c9d0e1f",
      kind: "order",
      amountInCents: -1_750,
      description: "Bestelling 0B7F4C1E",
      at: "2026-12-15T10:00:00.000Z",
    },
    {
      id: "1c8f5d2e-2e3b-4d4c-9f6a-7b8c9d0e1f2a",
      kind: "deposit",
      amountInCents: 3_500,
      description: "Storting via iDEAL",
      at: "2026-12-15T09:00:00.000Z",
    },
  ],
};

const calls = { ideal: vi.fn(), card: vi.fn(), withdraw: vi.fn(), limit: vi.fn() };
let clients = stubClients([]);

beforeEach(() => {
  for (const call of Object.values(calls)) call.mockReset();
  clients = stubClients([
    [getWallet, () => WALLET],
    [depositIdeal, (input) => calls.ideal(input)],
    [depositCreditCard, (input) => calls.card(input)],
    [withdraw, (input) => calls.withdraw(input)],
    [setDepositLimit, (input) => calls.limit(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

function post(fields: Record<string, string>) {
  return action({
    request: formPost(PAGE, { RequestVerificationToken: TOKEN, transactionId: TRANSACTION, ...fields }),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

type Answer = {
  data: { errors: Record<string, string>; formError?: string; notice?: string };
  init: ResponseInit;
};

async function renderPage(player: Profile = PLAYER, actionData?: unknown, request = new Request(PAGE)) {
  const answer = (await loader({
    request,
    context: routeContext({ clients, player }),
    params: {},
  } as unknown as Parameters<typeof loader>[0])) as unknown as { data: unknown; init?: ResponseInit };
  const loaderData = answer.data;
  const props = { loaderData, actionData } as unknown as Parameters<typeof AccountWalletPage>[0];
  const Stub = createRoutesStub([{ path: "/mijn/saldo", Component: () => <AccountWalletPage {...props} /> }]);
  render(<Stub initialEntries={["/mijn/saldo"]} />);
  return answer;
}

describe("GET /mijn/saldo", () => {
  it("shows the balance, what is pending, the limit with its raise and the movements", async () => {
    await renderPage();
    expect(screen.getByTestId("wallet-balance")).toHaveTextContent(/^€\s17,50$/);
    expect(screen.getByText("Stortingen in behandeling").nextElementSibling).toHaveTextContent(/€\s25,00/);
    expect(screen.getByText(/Je kunt deze maand nog €\s465,00 storten/)).toBeInTheDocument();
    expect(
      screen.getByText(/Je nieuwe limiet van €\s800,00 geldt vanaf 16 december 2026/),
    ).toBeInTheDocument();
    expect(screen.getByText(/We maken het bedrag over naar je rekening \*+4300/)).toBeInTheDocument();
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Bestelling 0B7F4C1E");
    expect(rows[2]).toHaveTextContent("Storting via iDEAL");
  });

  it("offers deposits only once iDIN confirmed the age, with the way back to the wallet", async () => {
    await renderPage({ ...PLAYER, validationState: "NotValidated" });
    expect(screen.queryByRole("form", { name: "Geld storten" })).toBeNull();
    expect(screen.getByRole("link", { name: "Bevestig je leeftijd" })).toHaveAttribute(
      "href",
      "/mijn/leeftijdscontrole?returnUrl=%2Fmijn%2Fsaldo",
    );
  });

  it("gives each form a fresh transaction id per page load", async () => {
    await renderPage();
    const deposit = screen.getByRole("form", { name: "Geld storten" }) as HTMLFormElement;
    const withdrawal = screen.getByRole("form", { name: "Geld opnemen" }) as HTMLFormElement;
    const ids = [new FormData(deposit).get("transactionId"), new FormData(withdrawal).get("transactionId")];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe("GET /mijn/saldo back from a deposit that did not go through (issue 40)", () => {
  const deposit = (status: string) => ({
    transactionId: TRANSACTION,
    status,
    amountInCents: 1_250,
    balanceInCents: 1_750,
  });

  it("fills the deposit form in with its amount and shows why, once", async () => {
    clients = stubClients([
      [getWallet, () => WALLET],
      [getDeposit, () => deposit("failed")],
      [getPortalToken, () => ({ token: TOKEN })],
    ]);
    const flash = serialiseFlash(createFlash(walletPage.failed, "warning", false));
    const answer = await renderPage(
      PLAYER,
      undefined,
      new Request(`${PAGE}?storting=${TRANSACTION}`, { headers: { cookie: `kl_flash=${flash}` } }),
    );
    const form = screen.getByRole("form", { name: "Geld storten" });
    expect(within(form).getByLabelText("Bedrag in euro's")).toHaveValue("12,50");
    expect((answer.data as { flash?: { message: string } }).flash?.message).toBe(
      "Je storting is niet gelukt. Er is niets afgeschreven. Probeer het opnieuw.",
    );
    expect(new Headers(answer.init?.headers).getSetCookie()).toEqual([
      expect.stringMatching(/^kl_flash=; Path=\/; Max-Age=0/),
    ]);
  });

  it("fills in nothing for a paid deposit, another player's, or an address that names none", async () => {
    for (const [query, answer] of [
      [`?storting=${TRANSACTION}`, () => deposit("paid")],
      [
        `?storting=${TRANSACTION}`,
        () => {
          throw new ApiError({ status: 404, message: "Not found" });
        },
      ],
      ["?storting=12,50", () => deposit("failed")],
    ] as const) {
      clients = stubClients([
        [getWallet, () => WALLET],
        [getDeposit, answer],
        [getPortalToken, () => ({ token: TOKEN })],
      ]);
      await renderPage(PLAYER, undefined, new Request(`${PAGE}${query}`));
      const form = screen.getByRole("form", { name: "Geld storten" });
      expect(within(form).getByLabelText("Bedrag in euro's"), query).toHaveValue("");
      cleanup();
    }
  });
});

describe("POST /mijn/saldo (without JavaScript)", () => {
  it("starts an iDEAL deposit in cents with the bank and loads the payment page", async () => {
    calls.ideal.mockResolvedValue({ redirectUrl: "/betaalsimulator/tr_1" });
    const answer = (await post({
      intent: "deposit",
      amount: "25,50",
      method: "ideal",
      issuer: "INGBNL2A",
    })) as Response;
    expect(calls.ideal).toHaveBeenCalledWith({
      body: { transactionId: TRANSACTION, amountInCents: 2_550, issuer: "INGBNL2A" },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/betaalsimulator/tr_1");
    expect(answer.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("starts a credit-card deposit without a bank", async () => {
    calls.card.mockResolvedValue({ redirectUrl: "/betaalsimulator/tr_2" });
    await post({ intent: "deposit", amount: "10", method: "creditcard", issuer: "INGBNL2A" });
    expect(calls.card).toHaveBeenCalledWith({ body: { transactionId: TRANSACTION, amountInCents: 1_000 } });
  });

  it("refuses an amount it cannot read before asking the portal", async () => {
    const answer = (await post({
      intent: "deposit",
      amount: "twintig",
      method: "ideal",
    })) as unknown as Answer;
    expect(answer.init.status).toBe(422);
    expect(answer.data.errors).toEqual({ amount: walletMessages.amount });
    expect(calls.ideal).not.toHaveBeenCalled();
  });

  it("shows the limit's refusal at the amount, not the generic message its code has", async () => {
    calls.ideal.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "DepositLimitExceededError",
        message: messageFor(422, "DepositLimitExceededError", "portal"),
        fieldErrors: { amountInCents: [walletMessages.depositLimitReached(500)] },
      }),
    );
    const answer = (await post({ intent: "deposit", amount: "10", method: "ideal" })) as unknown as Answer;
    expect(answer.init.status).toBe(422);
    expect(answer.data.errors).toEqual({ amount: walletMessages.depositLimitReached(500) });
    expect(answer.data.formError).toBeUndefined();
  });

  it("answers a withdrawal with where the money goes", async () => {
    calls.withdraw.mockResolvedValue({ amountInCents: 1_750, balanceInCents: 0, iban: "**************4300" });
    const answer = (await post({ intent: "withdraw", amount: "17,50" })) as unknown as Answer;
    expect(calls.withdraw).toHaveBeenCalledWith({
      body: { transactionId: TRANSACTION, amountInCents: 1_750, iban: undefined, useMandateIban: false },
    });
    expect(answer.data.notice).toMatch(/^We maken €\s17,50 over naar \*+4300/);
  });

  it("offers the account of the player's mandate when the profile has no IBAN, chosen, and sends that choice", async () => {
    clients = stubClients([
      [getWallet, () => ({ ...WALLET, iban: null, mandateIban: "**************1234" })],
      [withdraw, (input) => calls.withdraw(input)],
      [getPortalToken, () => ({ token: TOKEN })],
    ]);
    await renderPage();
    const form = screen.getByRole("form", { name: "Geld opnemen" });
    const mandate = within(form).getByRole("checkbox", {
      name: "Naar de rekening van je machtiging, **************1234 (laat het IBAN-nummer hieronder leeg)",
    });
    expect(mandate).toBeChecked();
    expect(within(form).getByLabelText("IBAN-nummer")).toHaveValue("");
    calls.withdraw.mockResolvedValue({
      amountInCents: 1_000,
      balanceInCents: 750,
      iban: "**************1234",
    });
    await post({ intent: "withdraw", amount: "10", mandaat: "ja" });
    expect(calls.withdraw).toHaveBeenCalledWith({
      body: { transactionId: TRANSACTION, amountInCents: 1_000, iban: undefined, useMandateIban: true },
    });
  });

  it("says whether a new limit counts at once or after 24 hours", async () => {
    calls.limit.mockResolvedValue({ ...WALLET.depositLimit, pending: null });
    const lowered = (await post({ intent: "limit", amount: "100" })) as unknown as Answer;
    expect(calls.limit).toHaveBeenCalledWith({ body: { monthlyLimitInCents: 10_000 } });
    expect(lowered.data.notice).toBe("Je nieuwe limiet geldt meteen.");
    calls.limit.mockResolvedValue(WALLET.depositLimit);
    const raised = (await post({ intent: "limit", amount: "800" })) as unknown as Answer;
    expect(raised.data.notice).toBe("Je hogere limiet geldt pas over 24 uur.");
  });

  it("says in the wallet's words that a deposit could not start, with new ids for the next try", async () => {
    calls.ideal.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "TransactionRolledbackError",
        message: "Je bestelling is niet gelukt",
      }),
    );
    const answer = (await post({ intent: "deposit", amount: "10", method: "ideal" })) as unknown as Answer & {
      data: { transactionIds: { deposit: string } };
    };
    expect(answer.data.formError).toBe(
      "Je storting kon niet worden gestart. Er is niets afgeschreven. Probeer het opnieuw.",
    );
    expect(answer.data.transactionIds.deposit).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.data.transactionIds.deposit).not.toBe(TRANSACTION);
  });

  it("does nothing for a form without this browser's token", async () => {
    const answer = (await action({
      request: formPost(PAGE, { intent: "withdraw", amount: "10", transactionId: TRANSACTION }),
      context: routeContext({ clients, player: PLAYER }),
      params: {},
    } as unknown as Parameters<typeof action>[0])) as unknown as Answer;
    expect(answer.init.status).toBe(403);
    expect(calls.withdraw).not.toHaveBeenCalled();
  });
});

describe("portal codes of deposits and withdrawals (spec section 8)", () => {
  it("map to the generic message; the reason travels at the field", () => {
    for (const code of ["DepositLimitExceededError", "InsufficientBalanceError", "IbanRequiredError"]) {
      expect(messageFor(422, code, "portal")).toBe(general.generic);
    }
  });
});
