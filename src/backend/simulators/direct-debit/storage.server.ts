import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { simulatedDebits } from "@/src/backend/db/schema";
import type { CollectionRequest, TransferRequest } from "@/src/domain/payments/direct-debit-provider";

/** The direct-debit simulator's own records in `simulated_debits` (the bank's side; the shop never reads them). */

const DEBIT_ID = /^dd_[0-9a-f]{32}$/;

/** Unguessable, so the id alone (all a status notification carries) reveals nothing. */
export function newDebitId(): string {
  return `dd_${randomBytes(16).toString("hex")}`;
}

export const DebitStatusSchema = z.enum(["submitted", "paid", "failed"]);
export type DebitStatus = z.infer<typeof DebitStatusSchema>;

const StoredDebitSchema = z.object({
  id: z.string(),
  reference: z.string(),
  iban: z.string(),
  mandateId: z.string().nullable(),
  kind: z.enum(["collection", "transfer"]),
  amountCents: z.number().int(),
  description: z.string(),
  status: DebitStatusSchema,
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
});
export type StoredDebit = z.infer<typeof StoredDebitSchema>;

/**
 * What a tester may decide: a submitted debit is paid or fails; a failed collection can still be paid later
 * (the player paid after all), a failed transfer is final (the shop has refunded it into the wallet).
 */
const ALLOWED_FROM: Record<StoredDebit["kind"], Record<"paid" | "failed", DebitStatus[]>> = {
  collection: { paid: ["submitted", "failed"], failed: ["submitted"] },
  transfer: { paid: ["submitted"], failed: ["submitted"] },
};

/** Whether a debit of this kind and status may still be decided as `status`. */
export function mayDecide(debit: Pick<StoredDebit, "kind" | "status">, status: "paid" | "failed"): boolean {
  return ALLOWED_FROM[debit.kind][status].includes(debit.status);
}

export type DebitStorage = {
  /** Stores new requests (a reference stored before keeps its debit); answers each reference's debit id. */
  submit(
    requests: ReadonlyArray<
      (CollectionRequest & { kind: "collection" }) | (TransferRequest & { kind: "transfer" })
    >,
    at: Date,
  ): Promise<Map<string, string>>;
  load(debitId: string): Promise<StoredDebit | undefined>;
  /** The latest debits, newest first; only the one with `reference` when given. */
  list(options: { limit: number; reference?: string }): Promise<StoredDebit[]>;
  /** Decides a debit; false when its status does not allow it (a conditional update). */
  decide(debitId: string, status: "paid" | "failed", at: Date): Promise<boolean>;
};

export function createDebitStorage(db: Db): DebitStorage {
  return {
    async submit(requests, at) {
      if (requests.length > 0) {
        await db
          .insert(simulatedDebits)
          .values(
            requests.map((request) => ({ id: newDebitId(), ...request, status: "submitted", createdAt: at })),
          )
          .onConflictDoNothing({ target: simulatedDebits.reference });
      }
      const rows = requests.length
        ? await db
            .select({ id: simulatedDebits.id, reference: simulatedDebits.reference })
            .from(simulatedDebits)
            .where(
              inArray(
                simulatedDebits.reference,
                requests.map((request) => request.reference),
              ),
            )
        : [];
      return new Map(rows.map((row) => [row.reference, row.id]));
    },

    async load(debitId) {
      if (!DEBIT_ID.test(debitId)) return undefined;
      const [row] = await db.select().from(simulatedDebits).where(eq(simulatedDebits.id, debitId));
      return row && StoredDebitSchema.parse(row);
    },

    async list({ limit, reference }) {
      const rows = await db
        .select()
        .from(simulatedDebits)
        .where(reference ? eq(simulatedDebits.reference, reference) : undefined)
        .orderBy(desc(simulatedDebits.createdAt), desc(simulatedDebits.id))
        .limit(limit);
      return rows.map((row) => StoredDebitSchema.parse(row));
    },

    async decide(debitId, status, at) {
      if (!DEBIT_ID.test(debitId)) return false;
      const changed = await db
        .update(simulatedDebits)
        .set({ status, decidedAt: at })
        .where(
          and(
            eq(simulatedDebits.id, debitId),
            or(
              and(
                eq(simulatedDebits.kind, "collection"),
                inArray(simulatedDebits.status, ALLOWED_FROM.collection[status]),
              ),
              and(
                eq(simulatedDebits.kind, "transfer"),
                inArray(simulatedDebits.status, ALLOWED_FROM.transfer[status]),
              ),
            ),
          ),
        )
        .returning({ id: simulatedDebits.id });
      return changed.length > 0;
    },
  };
}
