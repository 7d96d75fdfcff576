import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { players } from "@/src/backend/db/schema";
import { createPlayer } from "@/src/backend/slices/portal/handlers";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient } from "./api-harness";
import { logInThroughApi } from "./shop-steps";

/** Who the player is; the e-mail address is made unique from `emailPrefix`. */
export type TestPerson = {
  emailPrefix: string;
  firstName: string;
  lastName: string;
  birthDate: string;
};

const DEFAULT_PERSON: TestPerson = {
  emailPrefix: "speler",
  firstName: "Fleur",
  lastName: "Jansen",
  birthDate: "1980-05-05",
};

/**
 * A new adult player whose age is validated, logged in through the API: each test sees only its own
 * sign-ups, collections and wallet. The session's client, its anti-forgery token, the player's id and
 * e-mail address.
 */
export async function validatedPlayer(api: ApiHarness, person: Partial<TestPerson> = {}) {
  const { emailPrefix, firstName, lastName, birthDate } = { ...DEFAULT_PERSON, ...person };
  const account = {
    email: `${emailPrefix}.${randomUUID().slice(0, 8)}@example.nl`,
    password: "Speler-2026!",
  };
  await createPlayer(api.database.db, {
    email: account.email,
    passwordHash: await hashPassword(account.password),
    firstName,
    lastName,
    birthDate,
    street: "Kerkstraat",
    houseNumber: 1,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  const [player] = await api.database.db
    .update(players)
    .set({ validationState: "Validated" })
    .where(eq(players.email, account.email))
    .returning();
  const client = cookieClient(api.url);
  const token = await logInThroughApi(client, account);
  return { client, token, playerId: player?.id ?? "", email: account.email };
}

export type ValidatedPlayer = Awaited<ReturnType<typeof validatedPlayer>>;
