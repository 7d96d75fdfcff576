import { randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { simulatedPayments } from "@/src/backend/db/schema";
import { PaymentMethodSchema } from "@/src/domain/payments/payment-method";
import { type PaymentStatus, PaymentStatusSchema } from "@/src/domain/payments/payment-provider";

/** An open payment that has not been completed within this time can no longer be paid (Mollie: 15 min). */
export const PAYMENT_EXPIRY_MS = 15 * 60 * 1000;

const PAYMENT_ID = /^tr_[0-9a-f]{32}$/;

/** Unguessable, so the id alone (all a status notification carries) reveals nothing. */
export function newPaymentId(): string {
  return `tr_${randomBytes(16).toString("hex")}`;
}

const StoredPaymentSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  description: z.string(),
  method: PaymentMethodSchema,
  issuer: z.string().nullable(),
  status: PaymentStatusSchema,
  reference: z.string(),
  returnUrl: z.string(),
  createdAt: z.date(),
});
export type StoredPayment = z.infer<typeof StoredPaymentSchema>;

/** What a form post asks for: the final status, and for iDEAL the bank the player paid with. */
export type Decision = { status: Exclude<PaymentStatus, "open" | "expired">; issuer?: string };

export type PaymentStorage = {
  insert(payment: Omit<StoredPayment, "status">): Promise<void>;
  /**
   * The payment as it stands at `at`, undefined when there is none. An open payment past its deadline
   * is expired here; `expiredNow` says this call did it, so the shop is told exactly once.
   */
  load(paymentId: string, at: Date): Promise<{ payment: StoredPayment; expiredNow: boolean } | undefined>;
  /** Completes an open payment; false when another request completed or expired it first. */
  complete(paymentId: string, decision: Decision, at: Date): Promise<boolean>;
};

/** The simulator's own records in `simulated_payments`; every status change is a conditional update. */
export function createPaymentStorage({ db, logger }: { db: Db; logger: Logger }): PaymentStorage {
  const deadline = (at: Date) => new Date(at.getTime() - PAYMENT_EXPIRY_MS);

  async function select(paymentId: string): Promise<StoredPayment | undefined> {
    const [row] = await db.select().from(simulatedPayments).where(eq(simulatedPayments.id, paymentId));
    return row && StoredPaymentSchema.parse(row);
  }

  return {
    async insert(payment) {
      await db.insert(simulatedPayments).values({ ...payment, status: "open" });
    },

    async load(paymentId, at) {
      if (!PAYMENT_ID.test(paymentId)) return undefined;
      const payment = await select(paymentId);
      if (!payment) return undefined;
      if (payment.status !== "open" || payment.createdAt > deadline(at)) {
        return { payment, expiredNow: false };
      }
      // Conditional, so an expiry can never overwrite a completion that got in first.
      const expired = await db
        .update(simulatedPayments)
        .set({ status: "expired", completedAt: at })
        .where(
          and(
            eq(simulatedPayments.id, paymentId),
            eq(simulatedPayments.status, "open"),
            lte(simulatedPayments.createdAt, deadline(at)),
          ),
        )
        .returning({ id: simulatedPayments.id });
      const current = await select(paymentId);
      if (!current) return undefined;
      if (expired.length > 0) logger.info({ paymentId, reference: current.reference }, "payment expired");
      return { payment: current, expiredNow: expired.length > 0 };
    },

    async complete(paymentId, decision, at) {
      const changed = await db
        .update(simulatedPayments)
        .set({
          status: decision.status,
          completedAt: at,
          ...(decision.issuer ? { issuer: decision.issuer } : {}),
        })
        .where(
          and(
            eq(simulatedPayments.id, paymentId),
            eq(simulatedPayments.status, "open"),
            gt(simulatedPayments.createdAt, deadline(at)),
          ),
        )
        .returning({ id: simulatedPayments.id });
      return changed.length > 0;
    },
  };
}
