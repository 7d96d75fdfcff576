import { z } from "zod";
import { findIdealIssuer } from "@/src/domain/payments/ideal-issuers";
import { isLuhnValid, normaliseCardNumber } from "@/src/domain/payments/luhn";
import { amsterdamFields } from "@/src/lib/amsterdam-time";
import { paymentSimulator as text } from "@/src/lib/messages";
import type { Decision } from "./storage.server";
import { TEST_CARDS, type TestCard } from "./test-cards";

/** What the payment pages post, checked: a decision, a form to show again with its errors, or nonsense. */

export type CardField = "cardNumber" | "cardHolder" | "expiry" | "cvc";

/** A payment form as the page shows it: what the player chose or typed (never the CVC) and the errors. */
export type FormState =
  | { method: "ideal"; issuer?: string; errors: { issuer?: string } }
  | {
      method: "creditcard";
      values: Partial<Record<Exclude<CardField, "cvc">, string>>;
      errors: Partial<Record<CardField, string>>;
    };

export type FormResult =
  | { kind: "decided"; decision: Decision }
  | { kind: "invalid"; form: FormState }
  | { kind: "bad-request" };

const IdealPostSchema = z.object({
  action: z.enum(["approve", "cancel", "fail"]),
  issuer: z.string().max(40).optional(),
});

const CardPostSchema = z.object({
  action: z.enum(["approve", "cancel"]),
  cardNumber: z.string().max(100).default(""),
  cardHolder: z.string().max(200).default(""),
  expiry: z.string().max(20).default(""),
  cvc: z.string().max(20).default(""),
});

export function decideIdeal(body: unknown): FormResult {
  const post = IdealPostSchema.safeParse(body);
  if (!post.success) return { kind: "bad-request" };
  const { action, issuer } = post.data;
  const bank = findIdealIssuer(issuer);
  if (action === "cancel") return { kind: "decided", decision: { status: "cancelled", issuer: bank?.id } };
  if (action === "fail") return { kind: "decided", decision: { status: "failed", issuer: bank?.id } };
  if (!bank) return { kind: "invalid", form: { method: "ideal", errors: { issuer: text.bankMissing } } };
  return { kind: "decided", decision: { status: "paid", issuer: bank.id } };
}

/** `at` decides which expiry dates are in the past. */
export function decideCard(body: unknown, at: Date): FormResult {
  const post = CardPostSchema.safeParse(body);
  if (!post.success) return { kind: "bad-request" };
  const { action, cvc: _cvc, ...values } = post.data;
  if (action === "cancel") return { kind: "decided", decision: { status: "cancelled" } };
  const details = cardDetailsSchema(at).safeParse(post.data);
  if (details.success) return { kind: "decided", decision: { status: details.data.cardNumber.outcome } };
  const fieldErrors = z.flattenError(details.error).fieldErrors;
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]]),
  ) as Partial<Record<CardField, string>>;
  return { kind: "invalid", form: { method: "creditcard", values, errors } };
}

function cardDetailsSchema(at: Date) {
  return z.object({
    cardNumber: z.string().transform((input, context): TestCard => {
      const digits = normaliseCardNumber(input);
      if (!digits || !isLuhnValid(digits)) {
        context.addIssue({ code: "custom", message: text.cardInvalid });
        return z.NEVER;
      }
      const card = TEST_CARDS.find((candidate) => candidate.number === digits);
      if (!card) {
        context.addIssue({ code: "custom", message: text.cardUnknown });
        return z.NEVER;
      }
      return card;
    }),
    cardHolder: z.string().trim().min(1, text.holderMissing),
    expiry: z.string().refine((input) => isValidExpiry(input, at), text.expiryInvalid),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, text.cvcInvalid),
  });
}

const EXPIRY = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/;
/** Cards are issued for at most a few years; a date further out is a typo. */
const MAX_CARD_YEARS_AHEAD = 20;

/** `MM/JJ`: a card works through the last day of that month (here: in Amsterdam). */
function isValidExpiry(input: string, at: Date): boolean {
  const match = EXPIRY.exec(input);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const today = amsterdamFields(at);
  const monthsAhead = (year - today.year) * 12 + (month - today.month);
  return monthsAhead >= 0 && monthsAhead <= MAX_CARD_YEARS_AHEAD * 12;
}
