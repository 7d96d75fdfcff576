import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communicationPreferenceChanges } from "@/src/backend/db/schema";
import type { CommunicationPreferences } from "@/src/contract/communication-preferences";
import { communicationPreferenceMessages as text } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { logInThroughApi } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Communication preferences (issue 20, item 5) over HTTP against a real database: per vertical the four
 * channels with the time of their last change, read back in a new session, every change recorded with its
 * time and the place of the form, and unknown verticals and channels refused with nothing saved.
 */

let api: ApiHarness;
/** The API's clock runs this far ahead of the real one, so a test can let time pass. */
let clockOffsetMs = 0;
const PASSWORD = "Voorkeur-Test-2026!";

beforeAll(async () => {
  api = await startApiHarness({ now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => api?.close());

type Account = { email: string; playerId: string };
type Session = { client: ReturnType<typeof cookieClient>; token: string };

async function newAccount(): Promise<Account> {
  const email = `voorkeur-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Sanne",
    lastName: "Visser",
    birthDate: "1979-06-30",
    street: "Dorpsstraat",
    houseNumber: 7,
    postalCode: "1234AB",
    city: "Kroondorp",
    iban: null,
  });
  return { email, playerId: id };
}

async function logIn(account: Account): Promise<Session> {
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, { email: account.email, password: PASSWORD }) };
}

const preferencesPath = (vertical: string, location = "mijn") =>
  `/api/my/common/communication-preferences/v2/${vertical}?location=${location}`;

async function read(session: Session, vertical: string): Promise<CommunicationPreferences> {
  const response = await session.client.request(preferencesPath(vertical));
  expect(response.status).toBe(200);
  return (await response.json()) as CommunicationPreferences;
}

function save(session: Session, body: Record<string, unknown>) {
  return session.client.postJson("/api/my/common/communication-preferences/v2", body, session.token);
}

const channel = (preferences: CommunicationPreferences, name: string) =>
  preferences.channels.find((row) => row.channel === name);

describe("reading preferences", () => {
  it("starts with every channel off and never changed, for both verticals", async () => {
    const session = await logIn(await newAccount());
    for (const vertical of ["kroonloterij", "miljoenenspel"]) {
      expect(await read(session, vertical)).toEqual({
        vertical,
        location: "mijn",
        channels: [
          { channel: "email", enabled: false, lastChangedAt: null },
          { channel: "post", enabled: false, lastChangedAt: null },
          { channel: "telephone", enabled: false, lastChangedAt: null },
          { channel: "sms", enabled: false, lastChangedAt: null },
        ],
      });
    }
  });

  it("answers 404 with the Dutch reason for an unknown vertical", async () => {
    const session = await logIn(await newAccount());
    const response = await session.client.request(preferencesPath("postcodeloterij"));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(await response.json()).toMatchObject({
      status: 404,
      code: "UnknownVerticalError",
      detail: text.unknownVertical,
    });
  });

  it("needs a known location and a login", async () => {
    const session = await logIn(await newAccount());
    const unknown = await session.client.request(preferencesPath("kroonloterij", "nieuwsbrief"));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors["query.location"]).toEqual([text.location]);
    expect((await fetch(`${api.url}${preferencesPath("kroonloterij")}`)).status).toBe(401);
  });
});

describe("saving preferences", () => {
  it("saves channels per vertical with their time, read back after a new login", async () => {
    const account = await newAccount();
    const session = await logIn(account);
    const response = await save(session, {
      vertical: "kroonloterij",
      location: "mijn",
      channels: { email: true, post: false, telephone: false, sms: true },
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as CommunicationPreferences;
    expect(saved.channels.map((row) => [row.channel, row.enabled])).toEqual([
      ["email", true],
      ["post", false],
      ["telephone", false],
      ["sms", true],
    ]);
    for (const row of saved.channels) expect(row.lastChangedAt).not.toBeNull();

    const again = await logIn(account);
    expect(await read(again, "kroonloterij")).toEqual(saved);
    // The other vertical is a choice of its own.
    expect((await read(again, "miljoenenspel")).channels.every((row) => !row.enabled)).toBe(true);
  });

  it("keeps the time of a channel sent unchanged, and records only real changes with where they were made", async () => {
    const account = await newAccount();
    const session = await logIn(account);
    await save(session, {
      vertical: "miljoenenspel",
      location: "mijn",
      channels: { email: true, post: false, telephone: false, sms: false },
    });
    const first = await read(session, "miljoenenspel");

    clockOffsetMs += 3_600_000;
    try {
      const response = await save(session, {
        vertical: "miljoenenspel",
        location: "campagne",
        channels: { email: true, post: true, telephone: false, sms: false },
      });
      const second = (await response.json()) as CommunicationPreferences;
      expect(second.location).toBe("campagne");
      expect(channel(second, "email")?.lastChangedAt).toBe(channel(first, "email")?.lastChangedAt);
      expect(channel(second, "post")).toMatchObject({ enabled: true });
      expect(
        Date.parse(channel(second, "post")?.lastChangedAt ?? "") -
          Date.parse(channel(first, "post")?.lastChangedAt ?? ""),
      ).toBeGreaterThanOrEqual(3_600_000);
    } finally {
      clockOffsetMs = 0;
    }

    const evidence = await api.database.db
      .select()
      .from(communicationPreferenceChanges)
      .where(eq(communicationPreferenceChanges.playerId, account.playerId))
      .orderBy(asc(communicationPreferenceChanges.changedAt), asc(communicationPreferenceChanges.channel));
    expect(evidence.map((row) => [row.location, row.vertical, row.channel, row.enabled])).toEqual([
      ["mijn", "miljoenenspel", "email", true],
      ["mijn", "miljoenenspel", "post", false],
      ["mijn", "miljoenenspel", "sms", false],
      ["mijn", "miljoenenspel", "telephone", false],
      ["campagne", "miljoenenspel", "post", true],
    ]);
  });

  it("changes only the channels sent", async () => {
    const session = await logIn(await newAccount());
    await save(session, { vertical: "kroonloterij", location: "mijn", channels: { email: true } });
    await save(session, { vertical: "kroonloterij", location: "campagne", channels: { sms: true } });
    const state = await read(session, "kroonloterij");
    expect(state.channels.filter((row) => row.enabled).map((row) => row.channel)).toEqual(["email", "sms"]);
    expect(channel(state, "post")?.lastChangedAt).toBeNull();
  });

  it("records one change when the same choice is sent twice at once", async () => {
    const account = await newAccount();
    const session = await logIn(account);
    const body = { vertical: "kroonloterij", location: "mijn", channels: { telephone: true } };
    const answers = await Promise.all([save(session, body), save(session, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const evidence = await api.database.db
      .select()
      .from(communicationPreferenceChanges)
      .where(eq(communicationPreferenceChanges.playerId, account.playerId));
    expect(evidence).toHaveLength(1);
  });

  it("refuses an unknown vertical or channel with 422 and the Dutch reason at the field, saving nothing", async () => {
    const account = await newAccount();
    const session = await logIn(account);
    const vertical = await save(session, {
      vertical: "postcodeloterij",
      location: "mijn",
      channels: { email: true },
    });
    expect(vertical.status).toBe(422);
    expect(await vertical.json()).toMatchObject({
      code: "UnknownVerticalError",
      errors: { vertical: [text.unknownVertical] },
    });

    const fax = await save(session, {
      vertical: "kroonloterij",
      location: "mijn",
      channels: { email: true, fax: true },
    });
    expect(fax.status).toBe(422);
    expect(await fax.json()).toMatchObject({
      code: "UnknownChannelError",
      detail: text.unknownChannel,
      errors: { "channels.fax": [text.unknownChannel] },
    });
    expect(channel(await read(session, "kroonloterij"), "email")).toMatchObject({ enabled: false });
    const evidence = await api.database.db
      .select()
      .from(communicationPreferenceChanges)
      .where(eq(communicationPreferenceChanges.playerId, account.playerId));
    expect(evidence).toEqual([]);
  });

  it("refuses a value that is not on or off, no channels, an unknown location and a missing token", async () => {
    const session = await logIn(await newAccount());
    const notBoolean = await save(session, {
      vertical: "kroonloterij",
      location: "mijn",
      channels: { email: "ja" },
    });
    expect(notBoolean.status).toBe(400);
    expect((await notBoolean.json()).errors["channels.email"]).toEqual([text.channelValue]);

    const empty = await save(session, { vertical: "kroonloterij", location: "mijn", channels: {} });
    expect((await empty.json()).errors.channels).toEqual([text.noChannels]);

    const location = await save(session, {
      vertical: "kroonloterij",
      location: "elders",
      channels: { email: true },
    });
    expect((await location.json()).errors.location).toEqual([text.location]);

    const forged = await session.client.postJson("/api/my/common/communication-preferences/v2", {
      vertical: "kroonloterij",
      location: "mijn",
      channels: { email: true },
    });
    expect(forged.status).toBe(403);
    expect(channel(await read(session, "kroonloterij"), "email")).toMatchObject({ enabled: false });
  });
});
