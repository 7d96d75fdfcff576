import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players } from "@/src/backend/db/schema";
import { cookieClient } from "../support/cookie-client";
import { startTestShop, type TestShop } from "../support/shop-server";
import { halfStreetWithXl, simulatorDecision } from "../support/shop-steps";

/**
 * The log search of issue 13 (DESIGN section 8): a player registers, logs in, looks at the profile, a
 * registration fails in the database, and an order is paid; afterwards no log line of the run holds the
 * password, its hash, the session cookie, the anti-forgery token, the IBAN, the e-mail address or the
 * date of birth used.
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.shutdown());

const PLAYER = {
  email: "lieke.verhoeven@example.nl",
  password: "Vuurtoren-Zout-1984!",
  firstName: "Lieke",
  lastName: "Verhoeven",
  dateOfBirth: "1984-07-29",
  postalCode: "1234 AB",
  houseNumber: 7,
  iban: "NL91ABNA0417164300",
  acceptTerms: true,
};
/** Refused by the database (see `refuseInDatabase`): its insert fails with all of its values as parameters. */
const REFUSED = {
  ...PLAYER,
  email: "storing.verhoeven@example.nl",
  iban: "NL20INGB0001234567",
};

/** A browser of the shop: keeps its cookies, follows no redirect. */
const browser = () => cookieClient(shop.url);

function database() {
  if (!shop.embedded) throw new Error("The test shop runs without its embedded API");
  return shop.embedded.db;
}

function sessionCookies(jar: Map<string, string>): string[] {
  return [...jar].filter(([name]) => name.includes("kl_sid")).map(([, value]) => value);
}

/** A fault of the database itself: it refuses the row of one registration (a check constraint). */
async function refuseInDatabase() {
  await database().execute(
    sql.raw(
      `alter table players add constraint test_fault_refused_player check (email not like 'storing.%') not valid`,
    ),
  );
}

describe("the log of a run with a player's private data", () => {
  it("holds no password, hash, session, token, IBAN, e-mail address or date of birth", async () => {
    const secrets: string[] = [];

    // Registration, as the portal's form sends it.
    const newcomer = browser();
    const registerToken = await newcomer.token("/api/authentication/get-token");
    const registered = await newcomer.postJson("/api/authentication/register", PLAYER, registerToken);
    expect(registered.status).toBe(200);
    secrets.push(registerToken, ...sessionCookies(newcomer.jar));

    // A login form sent before its script ran (GET, so the password is in the address), then a real one.
    const early = new URLSearchParams({ email: PLAYER.email, password: PLAYER.password });
    await fetch(`${shop.url}/inloggen?${early}`, { redirect: "manual" });
    const player = browser();
    const loginToken = await player.token("/api/authentication/get-token");
    const wrong = await player.postJson(
      "/api/authentication/login",
      { email: PLAYER.email, password: `${PLAYER.password}x` },
      loginToken,
    );
    expect(wrong.status).toBe(400);
    const login = await player.postJson(
      "/api/authentication/login",
      { email: PLAYER.email, password: PLAYER.password },
      loginToken,
    );
    expect(login.status).toBe(200);
    const token = await player.token();
    expect(sessionCookies(player.jar)).toHaveLength(1);
    secrets.push(loginToken, token, ...sessionCookies(player.jar));

    // The profile, through the API and as the account pages render it.
    const profile = await player.request("/api/my/common/account/profile");
    expect(await profile.json()).toMatchObject({ email: PLAYER.email, dateOfBirth: PLAYER.dateOfBirth });
    await player.request("/mijn");

    // A query that fails with the player's data as its parameters.
    await refuseInDatabase();
    const refusedBrowser = browser();
    const refused = await refusedBrowser.postJson(
      "/api/authentication/register",
      REFUSED,
      await refusedBrowser.token("/api/authentication/get-token"),
    );
    expect(refused.status).toBe(500);
    // The log still says what went wrong: the failed statement and the constraint that refused it.
    const [failure] = shop.logsMatching("test_fault_refused_player");
    expect(failure).toMatchObject({
      msg: "API handler failed",
      err: { query: expect.stringContaining('insert into "players"'), cause: { code: "23514" } },
    });

    // An order, paid on the payment page, notified and shown; iDIN confirmed her age first (its own tests).
    await database()
      .update(players)
      .set({ validationState: "Validated" })
      .where(eq(players.email, PLAYER.email));
    const details = await (await player.request("/api/tickets/loten/configurator/price-details")).json();
    const drawId = (details.draws as Array<{ drawId: number; kind: string }>).find(
      (draw) => draw.kind === "yearEnd",
    )?.drawId;
    const verified = await player.postJson("/api/tickets/verify/loten", halfStreetWithXl(drawId), token);
    expect(verified.status).toBe(200);
    const { ticket } = await verified.json();
    const transactionId = randomUUID();
    const stored = await player.postJson(
      "/api/tickets/store",
      { transactionId, tickets: [{ ...ticket, basketItemId: "log-1" }], paymentMethod: "ideal" },
      token,
    );
    expect(stored.status).toBe(200);
    const { redirectUrl } = await stored.json();
    const paid = await player.request(redirectUrl, simulatorDecision("approve"));
    expect(paid.status).toBe(303);
    const notified = await fetch(`${shop.url}/api/payments/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${String(redirectUrl).split("/").pop()}`,
    });
    expect(notified.status).toBe(200);
    const result = await player.postJson("/api/tickets/loten/continue", { transactionId }, token);
    expect((await result.json()).status).toBe("paid");
    await player.request(`/afrekenen/resultaat?transactionId=${transactionId}`);

    // What was used, and what the database made of it.
    const [row] = await database()
      .select({ hash: players.passwordHash })
      .from(players)
      .where(eq(players.email, PLAYER.email));
    const hash = row?.hash ?? "";
    expect(hash).toMatch(/^scrypt\$/);
    secrets.push(
      PLAYER.password,
      hash,
      hash.split("$").at(-1) ?? hash,
      PLAYER.iban,
      REFUSED.iban,
      PLAYER.email,
      REFUSED.email,
      PLAYER.dateOfBirth,
    );

    const lines = shop.logs.map((entry) => JSON.stringify(entry));
    expect(lines.length).toBeGreaterThan(20);
    const leaked = [...new Set(secrets.filter((value) => value.length >= 8))].filter((secret) =>
      [
        secret,
        encodeURIComponent(secret),
        new URLSearchParams({ v: secret }).toString().slice(2),
        JSON.stringify(secret).slice(1, -1),
      ].some((form) => lines.some((line) => line.includes(form))),
    );
    expect(leaked).toEqual([]);
    // The refused registration's hash was never stored; no password hash of any kind is logged.
    expect(lines.filter((line) => /scrypt\$\d/.test(line))).toEqual([]);
  });
});
