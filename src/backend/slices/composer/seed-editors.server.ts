import { count } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { editors } from "@/src/backend/db/schema";
import type { EditorRole } from "@/src/contract/composer";
import { hashPassword } from "@/src/lib/password.server";

/** The two demo editors of the embedded default (README, "Composer"): one per role. */
export const DEMO_EDITORS: ReadonlyArray<{
  email: string;
  name: string;
  role: EditorRole;
  password: string;
}> = [
  {
    email: "redacteur@kroonloterij.example",
    name: "Rosa Redacteur",
    role: "redacteur",
    password: "Redactie-Kroon-2026",
  },
  {
    email: "eindredacteur@kroonloterij.example",
    name: "Evert Eindredacteur",
    role: "eindredacteur",
    password: "Eindredactie-Kroon-2026",
  },
];

/** Seeds the demo editors when there are no editors yet (a database made before the composer included). */
export async function seedEditorsIfNone(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(editors);
  if ((row?.total ?? 0) > 0) return false;
  const rows = await Promise.all(
    DEMO_EDITORS.map(async ({ password, ...editor }) => ({
      ...editor,
      passwordHash: await hashPassword(password),
    })),
  );
  await db.insert(editors).values(rows).onConflictDoNothing();
  return true;
}
