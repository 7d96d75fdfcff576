import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communicationPreferenceChanges, communicationPreferences } from "@/src/backend/db/schema";
import { signUnsubscribeToken, unsubscribeUrl } from "@/src/backend/emails/unsubscribe-token";
import { savePreferences } from "@/src/backend/slices/communication-preferences/preferences.server";
import { createPlayer } from "@/src/backend/slices/portal/handlers";
import { type ApiHarness, startApiHarness } from "@/tests/support/api-harness";
import { routeContext } from "@/tests/support/route-context";
import { action, loader } from "../shop/app/routes/unsubscribe";

/**
 * The unsubscribe page's loader and action against the embedded API on a real database (the route test
 * stubs the API): the mail provider's one-click POST (RFC 8058), without cookies or a form token, turns
 * the player's e-mail off through the in-process client; opening the link changes nothing.
 */
let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

async function playerWithEmailOn(): Promise<string> {
  const { id } = await createPlayer(api.database.db, {
    email: `one-click-${randomBytes(6).toString("hex")}@example.test`,
    passwordHash: "not-used",
    firstName: "Fleur",
    lastName: "de Wit",
    birthDate: "1985-09-01",
    street: "Marktstraat",
    houseNumber: 12,
    postalCode: "1234AB",
    city: "Kroondorp",
    iban: null,
  });
  await savePreferences(
    { db: api.database.db, logger: api.services.logger, now: () => new Date() },
    { playerId: id, vertical: "kroonloterij", location: "mijn", channels: { email: true } },
  );
  return id;
}

async function emailOn(playerId: string) {
  const [row] = await api.database.db
    .select({ enabled: communicationPreferences.enabled })
    .from(communicationPreferences)
    .where(
      and(
        eq(communicationPreferences.playerId, playerId),
        eq(communicationPreferences.vertical, "kroonloterij"),
        eq(communicationPreferences.channel, "email"),
      ),
    );
  return row?.enabled;
}

// As a mail provider asks: no cookies, its own address.
const context = () =>
  routeContext({
    clients: api.inProcess({ cookie: undefined, ip: "203.0.113.9", setCookie: () => undefined }),
  });
const answerData = (answer: unknown) => (answer as { data?: unknown }).data;

describe("the unsubscribe link through the page and the embedded API", () => {
  it("changes nothing when opened, and turns the e-mail off on the one-click POST", async () => {
    const playerId = await playerWithEmailOn();
    const link = unsubscribeUrl(
      "http://shop.test",
      signUnsubscribeToken(api.services.config.sessionSecret, { playerId, vertical: "kroonloterij" }),
    );

    const opened = await loader({ request: new Request(link), context: context(), params: {} } as never);
    expect(answerData(opened)).toEqual({ vertical: "kroonloterij" });
    expect(await emailOn(playerId)).toBe(true);

    const oneClick = new Request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const answer = await action({ request: oneClick, context: context(), params: {} } as never);
    expect(answerData(answer)).toEqual({ vertical: "kroonloterij", changed: true });
    expect(await emailOn(playerId)).toBe(false);
    const recorded = await api.database.db
      .select({ location: communicationPreferenceChanges.location })
      .from(communicationPreferenceChanges)
      .where(eq(communicationPreferenceChanges.playerId, playerId));
    expect(recorded.map((row) => row.location).sort()).toEqual(["afmeldlink", "mijn"]);
  });
});
