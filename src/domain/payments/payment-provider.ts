import { z } from "zod";
import { isSameSitePath } from "@/src/domain/portal/redirect-target";
import type { IdealIssuerId } from "./ideal-issuers";
import { PaymentMethodSchema } from "./payment-method";

/**
 * The shop's view of a payment service provider (DESIGN section 6, "outside parties behind adapters").
 * The shape follows Mollie's: the shop creates a payment and sends the browser to the provider's page;
 * afterwards it only trusts what `getPayment` says, never what a browser or a notification claims.
 */

export const PAYMENT_STATUSES = ["open", "paid", "cancelled", "failed", "expired"] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
/** `open` is the only status that can still change; the other four are final. */
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Postgres `integer`, the column the amount is stored in. */
const MAX_AMOUNT_CENTS = 2_147_483_647;

/**
 * Where the provider sends the browser back: a path on the shop's own origin, or an absolute http(s)
 * URL. Never protocol-relative (`//host`) or a `javascript:` address (DESIGN section 8, redirect targets):
 * a path is read as a browser reads it, so `/a/..//evil.example` or `/\\evil.example` is no path.
 */
export const ReturnUrlSchema = z
  .string()
  .max(2048)
  .refine(isSafeReturnUrl, { message: "returnUrl must be a same-origin path or an http(s) URL" });

function isSafeReturnUrl(value: string): boolean {
  if (value.startsWith("/")) return isSameSitePath(value);
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "https:" || protocol === "http:";
}

export const CreatePaymentInputSchema = z.object({
  /** The shop's own id for what is being paid (its transaction id); shown to nobody, returned as is. */
  reference: z.string().trim().min(1).max(255),
  amountCents: z.number().int().positive().max(MAX_AMOUNT_CENTS),
  /** Shown to the player on the payment page and, in real life, on the bank statement. */
  description: z.string().trim().min(1).max(255),
  method: PaymentMethodSchema,
  /** The iDEAL bank the player already chose in the shop (BIC or bank name); preselected on the page. */
  issuer: z.string().max(40).optional(),
  returnUrl: ReturnUrlSchema,
});
export type CreatePaymentInput = z.infer<typeof CreatePaymentInputSchema>;

export type CreatedPayment = {
  /** Unguessable; the only thing a status notification carries. */
  paymentId: string;
  /** Where to send the browser to pay. */
  redirectUrl: string;
};

export type PaymentInfo = {
  paymentId: string;
  status: PaymentStatus;
  amountCents: number;
  reference: string;
  method: CreatePaymentInput["method"];
  /** iDEAL: the bank's BIC, once known (chosen in the shop or on the payment page). */
  issuer?: IdealIssuerId;
};

/**
 * A provider's payment id (Mollie `tr_WDqYK6vllg`, the simulator `tr_` and 32 hex digits): letters, digits,
 * `_` and `-`. A status notification carries nothing else, so anything else in one is refused unread.
 */
export const PaymentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "a payment id: 1 to 100 letters, digits, _ or -");

/**
 * The provider cannot answer now (unreachable, timed out, its own server error): the same call may succeed
 * later, so a notification that met it is answered "try again" (503). An adapter throws this for every
 * such failure; any other error is a fault of the call or of the adapter, and retrying will not help.
 */
export class PaymentProviderUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("The payment provider cannot be reached", options);
    this.name = "PaymentProviderUnavailableError";
  }
}

export interface PaymentProvider {
  /**
   * Registers a payment; throws when the input is invalid, and `PaymentProviderUnavailableError` when the
   * provider cannot be reached.
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * The provider's current word on a payment; undefined when it does not know the id, and
   * `PaymentProviderUnavailableError` when it cannot answer now.
   */
  getPayment(paymentId: string): Promise<PaymentInfo | undefined>;
}
