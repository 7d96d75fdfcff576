import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changeDepositLimit,
  DEFAULT_DEPOSIT_LIMIT,
  effectiveDepositLimit,
  euroAmountInput,
  isBalanced,
  isPaidIntoWallet,
  LEDGER_KINDS,
  monthStartInAmsterdam,
  parseEuroAmount,
  remainingDeposit,
  walletPostings,
} from "./wallet-rules";

describe("walletPostings", () => {
  it("moves money into the wallet for deposits, prizes and refunds, out of it for orders and withdrawals", () => {
    expect(walletPostings("deposit", 2_500)).toEqual([
      { account: "wallet", amountCents: 2_500 },
      { account: "psp", amountCents: -2_500 },
    ]);
    expect(walletPostings("prize", 500)[1]).toEqual({ account: "prizes", amountCents: -500 });
    expect(walletPostings("order", -1_950)[1]).toEqual({ account: "sales", amountCents: 1_950 });
    expect(walletPostings("withdrawal", -100)[1]).toEqual({ account: "payouts", amountCents: 100 });
  });

  it("refuses zero, fractional cents and a movement the wrong way", () => {
    expect(() => walletPostings("deposit", 0)).toThrow(RangeError);
    expect(() => walletPostings("deposit", 12.5)).toThrow(RangeError);
    expect(() => walletPostings("deposit", -100)).toThrow(RangeError);
    expect(() => walletPostings("withdrawal", 100)).toThrow(RangeError);
  });

  it("always balances", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEDGER_KINDS),
        fc.integer({ min: 1, max: 10_000_000 }),
        (kind, cents) => {
          const signed = kind === "order" || kind === "withdrawal" ? -cents : cents;
          expect(isBalanced(walletPostings(kind, signed))).toBe(true);
        },
      ),
    );
  });

  it("isBalanced refuses postings that do not add up, zero lines and a single line", () => {
    expect(isBalanced([{ account: "wallet", amountCents: 1 }])).toBe(false);
    expect(
      isBalanced([
        { account: "wallet", amountCents: 100 },
        { account: "psp", amountCents: -99 },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { account: "wallet", amountCents: 0 },
        { account: "psp", amountCents: 0 },
      ]),
    ).toBe(false);
  });
});

describe("euroAmountInput", () => {
  it("writes cents as a player types euros, and parseEuroAmount reads them back", () => {
    expect([2_500, 1_250, 1_205, 1, 100_000, 100_050].map(euroAmountInput)).toEqual([
      "25",
      "12,50",
      "12,05",
      "0,01",
      "1000",
      "1000,50",
    ]);
    for (const cents of [2_500, 1_250, 1_205, 1, 100_000, 100_050]) {
      expect(parseEuroAmount(euroAmountInput(cents))).toBe(cents);
    }
  });
});

describe("parseEuroAmount", () => {
  it.each([
    ["25", 2_500],
    ["25,50", 2_550],
    ["25,5", 2_550],
    ["25.5", 2_550],
    ["€ 10", 1_000],
    ["1.000", 100_000],
    ["1.000,00", 100_000],
    ["0,01", 1],
    [" 7 ", 700],
  ])("reads %s as %i cents", (input, cents) => {
    expect(parseEuroAmount(input)).toBe(cents);
  });

  it.each(["", "abc", "-5", "2,555", "1e3", "25,-", "12.345.67"])("refuses %j", (input) => {
    expect(parseEuroAmount(input)).toBeUndefined();
  });
});

describe("the deposit limit", () => {
  const now = new Date("2026-12-15T12:00:00Z");

  it("counts a lower limit at once and drops a raise that was waiting", () => {
    const waiting = changeDepositLimit(DEFAULT_DEPOSIT_LIMIT, 80_000, now);
    const lowered = changeDepositLimit(waiting, 20_000, new Date(now.getTime() + 3_600_000));
    expect(lowered).toEqual({ monthlyLimitCents: 20_000, pendingLimitCents: null, pendingFrom: null });
  });

  it("counts a higher limit only after 24 hours", () => {
    const raised = changeDepositLimit(DEFAULT_DEPOSIT_LIMIT, 80_000, now);
    expect(raised.monthlyLimitCents).toBe(50_000);
    expect(raised.pendingFrom).toEqual(new Date("2026-12-16T12:00:00Z"));
    expect(effectiveDepositLimit(raised, new Date("2026-12-16T11:59:59Z")).monthlyLimitCents).toBe(50_000);
    expect(effectiveDepositLimit(raised, new Date("2026-12-16T12:00:00Z"))).toEqual({
      monthlyLimitCents: 80_000,
      pendingLimitCents: null,
      pendingFrom: null,
    });
  });

  it("leaves what the limit has not used, never below zero", () => {
    expect(remainingDeposit(50_000, 12_500)).toBe(37_500);
    expect(remainingDeposit(10_000, 12_500)).toBe(0);
  });

  it("counts from the first of the month at midnight in Amsterdam, in winter and in summer time", () => {
    expect(monthStartInAmsterdam(new Date("2026-12-15T12:00:00Z"))).toEqual(new Date("2026-11-30T23:00:00Z"));
    expect(monthStartInAmsterdam(new Date("2026-07-01T00:30:00Z"))).toEqual(new Date("2026-06-30T22:00:00Z"));
    // 30 November 23:30 UTC is already 1 December in Amsterdam.
    expect(monthStartInAmsterdam(new Date("2026-11-30T23:30:00Z"))).toEqual(new Date("2026-11-30T23:00:00Z"));
  });
});

describe("isPaidIntoWallet", () => {
  it("pays prizes up to EUR 10,100 into the wallet; higher ones are claimed", () => {
    expect(isPaidIntoWallet(500)).toBe(true);
    expect(isPaidIntoWallet(1_010_000)).toBe(true);
    expect(isPaidIntoWallet(1_010_001)).toBe(false);
    expect(isPaidIntoWallet(0)).toBe(false);
  });
});
