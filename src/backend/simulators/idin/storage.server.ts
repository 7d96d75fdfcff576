import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { simulatedIdin } from "@/src/backend/db/schema";

const TRANSACTION_ID = /^idin_[0-9a-f]{32}$/;

/** Unguessable: the id in the bank page's address is all that reaches an authentication. */
export function newTransactionId(): string {
  return `idin_${randomBytes(16).toString("hex")}`;
}

export const IDIN_STATUSES = ["open", "approved", "cancelled", "failed"] as const;

const StoredAuthenticationSchema = z.object({
  id: z.string(),
  issuerId: z.string(),
  reference: z.string(),
  returnUrl: z.string(),
  status: z.enum(IDIN_STATUSES),
  name: z.string().nullable(),
  birthDate: z.string().nullable(),
});
export type StoredAuthentication = z.infer<typeof StoredAuthenticationSchema>;

/** What the player decided on the bank page; `approved` shares a name and a date of birth. */
export type IdinDecision =
  | { status: "approved"; name: string; birthDate: string }
  | { status: "cancelled" | "failed" };

export type IdinStorage = {
  /** `name`/`birthDate` are the prefill the page shows until the player shares. */
  insert(authentication: Omit<StoredAuthentication, "status">): Promise<void>;
  load(transactionId: string): Promise<StoredAuthentication | undefined>;
  /** Completes an open authentication; false when another request completed it first. */
  complete(transactionId: string, decision: IdinDecision, at: Date): Promise<boolean>;
};

/** The simulator's own records in `simulated_idin`; a decision is a conditional update, so it happens once. */
export function createIdinStorage(db: Db): IdinStorage {
  return {
    async insert(authentication) {
      await db.insert(simulatedIdin).values({ ...authentication, status: "open" });
    },

    async load(transactionId) {
      if (!TRANSACTION_ID.test(transactionId)) return undefined;
      const [row] = await db.select().from(simulatedIdin).where(eq(simulatedIdin.id, transactionId));
      return row && StoredAuthenticationSchema.parse(row);
    },

    async complete(transactionId, decision, at) {
      const shared =
        decision.status === "approved" ? { name: decision.name, birthDate: decision.birthDate } : {};
      const changed = await db
        .update(simulatedIdin)
        .set({ status: decision.status, completedAt: at, ...shared })
        .where(and(eq(simulatedIdin.id, transactionId), eq(simulatedIdin.status, "open")))
        .returning({ id: simulatedIdin.id });
      return changed.length > 0;
    },
  };
}
