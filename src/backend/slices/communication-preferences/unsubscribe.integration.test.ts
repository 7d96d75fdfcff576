import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communicationPreferenceChanges, communicationPreferences } from "@/src/backend/db/schema";
import { signUnsubscribeToken } from "@/src/backend/emails/unsubscribe-token";
import { unsubscribePage as text } from "@/src/lib/messages";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { createPlayer } from "../portal/handlers";
import { savePreferences } from "./preferences.server";

/**
 * A marketing e-mail's unsubscribe link (issue 42) over HTTP against a real database: without a login its
 * signed token turns off the e-mail channel of its own player and vertical only, recorded as a change with
 * location `afmeldlink`; reading the link changes nothing, and a forged or changed token is refused.
 */

let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const PATH = "/api/communication-preferences/unsubscribe";

/** A player with the e-mail of both verticals on, as chosen in `/mijn/voorkeuren`. */
async function playerWithEmailOn(): Promise<string> {
  const { id } = await createPlayer(api.database.db, {
    email: `afmelden-${randomBytes(6).toString("hex")}@example.test`,
    passwordHash: "not-used",
    firstName: "Joost",
    lastName: "Bakker",
    birthDate: "1980-02-14",
    street: "Kerkplein",
    houseNumber: 3,
    postalCode: "1234AB",
    city: "Kroondorp",
    iban: null,
  });
  const services = { db: api.database.db, logger: api.services.logger, now: () => new Date() };
  for (const vertical of ["kroonloterij", "miljoenenspel"]) {
    await savePreferences(services, { playerId: id, vertical, location: "mijn", channels: { email: true } });
  }
  return id;
}

const tokenFor = (playerId: string, vertical = "kroonloterij", secret = api.services.config.sessionSecret) =>
  signUnsubscribeToken(secret, { playerId, vertical });

async function emailOn(playerId: string, vertical: string): Promise<boolean | undefined> {
  const [row] = await api.database.db
    .select({ enabled: communicationPreferences.enabled })
    .from(communicationPreferences)
    .where(
      and(
        eq(communicationPreferences.playerId, playerId),
        eq(communicationPreferences.vertical, vertical),
        eq(communicationPreferences.channel, "email"),
      ),
    );
  return row?.enabled;
}

async function changesOf(playerId: string) {
  return api.database.db
    .select()
    .from(communicationPreferenceChanges)
    .where(eq(communicationPreferenceChanges.playerId, playerId));
}

async function post(body: unknown) {
  const client = cookieClient(api.url);
  return client.postJson(PATH, body, await client.token());
}

describe("unsubscribing by a marketing e-mail's link (POST /api/communication-preferences/unsubscribe)", () => {
  it("turns off only its own player's e-mail of its vertical, without a login, and records the change", async () => {
    const a = await playerWithEmailOn();
    const b = await playerWithEmailOn();
    const response = await post({ token: tokenFor(a) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ vertical: "kroonloterij", changed: true });

    expect(await emailOn(a, "kroonloterij")).toBe(false);
    expect(await emailOn(a, "miljoenenspel")).toBe(true);
    expect(await emailOn(b, "kroonloterij")).toBe(true);
    const recorded = (await changesOf(a)).filter((row) => row.location === "afmeldlink");
    expect(recorded.map((row) => [row.vertical, row.channel, row.enabled])).toEqual([
      ["kroonloterij", "email", false],
    ]);
    expect((await changesOf(b)).some((row) => row.location === "afmeldlink")).toBe(false);
  });

  it("changes and records nothing when the link is followed again", async () => {
    const player = await playerWithEmailOn();
    await post({ token: tokenFor(player, "miljoenenspel") });
    const again = await post({ token: tokenFor(player, "miljoenenspel") });
    expect(await again.json()).toEqual({ vertical: "miljoenenspel", changed: false });
    expect((await changesOf(player)).filter((row) => row.location === "afmeldlink")).toHaveLength(1);
  });

  it("refuses a forged or changed token with 404 and the Dutch reason, changing nothing", async () => {
    const a = await playerWithEmailOn();
    const b = await playerWithEmailOn();
    const otherSecret = await post({ token: tokenFor(a, "kroonloterij", "another-secret-another-secret-1") });
    expect(otherSecret.status).toBe(404);
    expect(otherSecret.headers.get("content-type")).toContain("application/problem+json");
    expect(await otherSecret.json()).toMatchObject({ status: 404, detail: text.invalidLink });

    // A's signature under B's player id.
    const [, signature] = tokenFor(a).split(".");
    const [payloadOfB] = tokenFor(b).split(".");
    expect((await post({ token: `${payloadOfB}.${signature}` })).status).toBe(404);
    expect((await post({ token: "" })).status).toBe(400);
    expect(await emailOn(a, "kroonloterij")).toBe(true);
    expect(await emailOn(b, "kroonloterij")).toBe(true);
  });

  it("refuses a well-signed token of a vertical the shop does not have", async () => {
    const player = await playerWithEmailOn();
    expect((await post({ token: tokenFor(player, "postcodeloterij") })).status).toBe(404);
  });
});

describe("reading the link (GET /api/communication-preferences/unsubscribe)", () => {
  it("names the vertical and changes nothing; a forged token is 404", async () => {
    const player = await playerWithEmailOn();
    const client = cookieClient(api.url);
    const read = await client.request(`${PATH}?token=${encodeURIComponent(tokenFor(player))}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ vertical: "kroonloterij" });
    expect(await emailOn(player, "kroonloterij")).toBe(true);

    const forged = await client.request(`${PATH}?token=${encodeURIComponent(`${tokenFor(player)}x`)}`);
    expect(forged.status).toBe(404);
    expect(await forged.json()).toMatchObject({ detail: text.invalidLink });
  });
});
