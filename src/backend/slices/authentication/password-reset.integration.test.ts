import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxEmails, passwordResets, players } from "@/src/backend/db/schema";
import { passwordProblems, passwordProblemsMessage } from "@/src/domain/portal/password-rules";
import { passwordResetMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { forgetRateLimits } from "@/tests/support/rate-limits";

/**
 * "Wachtwoord vergeten?" (issue 43) over HTTP against a real database: the same answer for every address,
 * a link whose token is stored only as its hash, e-mailed once; the link sets a password of the
 * registration's rules once, within the hour, unless a newer one was asked for; the old password stops
 * working and the player's other sessions end; requests are limited per address and per client.
 */

let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());
// Every call of these tests comes from one client address: each test starts with nothing counted.
beforeEach(() =>
  forgetRateLimits(api, ["password-reset-requests|", "POST /api/authentication/", "login-failures|"]),
);

const REQUEST = "/api/authentication/request-password-reset";
const RESET = "/api/authentication/reset-password";
const OLD_PASSWORD = "Oud-wachtwoord-1";
const NEW_PASSWORD = "Nieuw-wachtwoord-2";
const LINK = /^\/wachtwoord-herstellen\?token=([A-Za-z0-9_-]{43})$/;

type Client = ReturnType<typeof cookieClient>;

/** A player with a real password hash (as registration stores it), under a fresh address. */
async function newPlayer(): Promise<{ id: string; email: string }> {
  const tag = randomBytes(6).toString("hex");
  const email = `vergeten-${tag}@example.nl`;
  const [player] = await api.database.db
    .insert(players)
    .values({
      customerNumber: `R${tag}`,
      email,
      passwordHash: await hashPassword(OLD_PASSWORD),
      firstName: "Noor",
      lastName: "Jansen",
      birthDate: "1985-06-01",
      street: "Dorpsstraat",
      houseNumber: 12,
      postalCode: "1234AB",
      city: "Kroondorp",
    })
    .returning({ id: players.id });
  return { id: player!.id, email };
}

async function post(client: Client, path: string, body: unknown) {
  return client.postJson(path, body, await client.token("/api/authentication/get-token"));
}

const askForLink = (email: string, extra: Record<string, unknown> = {}) =>
  post(cookieClient(api.url), REQUEST, { email, ...extra });

const resetWith = (token: string, password = NEW_PASSWORD, client = cookieClient(api.url)) =>
  post(client, RESET, { token, password });

async function logIn(client: Client, email: string, password: string) {
  return post(client, "/api/authentication/login", { email, password });
}

async function emailsTo(email: string) {
  return api.database.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, email));
}

/** The token of the newest link e-mailed to `email`, as the player would read it in the e-mail. */
async function tokenFromNewestEmail(email: string): Promise<string> {
  const emails = await emailsTo(email);
  const newest = emails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const token = LINK.exec(String(newest?.data.resetPath))?.[1];
  if (!token) throw new Error(`no reset link e-mailed to ${email}`);
  return token;
}

async function problemOf(response: Response) {
  return (await response.json()) as { code?: string; detail?: string; errors?: Record<string, string[]> };
}

describe("asking for a link (POST /api/authentication/request-password-reset)", () => {
  it("answers an unknown address exactly as a known one, and e-mails only the account", async () => {
    const player = await newPlayer();
    const unknown = `niemand-${randomBytes(4).toString("hex")}@example.nl`;

    const known = await askForLink(player.email.toUpperCase());
    const other = await askForLink(unknown);

    expect(known.status).toBe(204);
    expect(other.status).toBe(204);
    expect(await known.text()).toBe(await other.text());
    expect(await emailsTo(unknown)).toEqual([]);
    const emails = await emailsTo(player.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: "password-reset", playerId: player.id, state: "queued" });
    expect(emails[0]?.data).toMatchObject({ firstName: "Noor", resetPath: expect.stringMatching(LINK) });
    const expiresAt = new Date(String(emails[0]?.data.expiresAt)).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 60 * 60_000))).toBeLessThan(60_000);
  });

  it("stores only the sha256 of the link's token", async () => {
    const player = await newPlayer();
    await askForLink(player.email);
    const token = await tokenFromNewestEmail(player.email);

    const stored = await api.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.playerId, player.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("asks for the reCAPTCHA after three requests for one address, known or not", async () => {
    const player = await newPlayer();
    const unknown = `niemand-${randomBytes(4).toString("hex")}@example.nl`;
    for (const email of [player.email, unknown]) {
      for (let request = 0; request < 3; request++) expect((await askForLink(email)).status).toBe(204);
      const refused = await askForLink(email);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await problemOf(refused)).code).toBe("RateLimitError");

      const client = cookieClient(api.url);
      const recaptcha = (
        (await (await client.request("/api/recaptcha/local-token")).json()) as { token: string }
      ).token;
      expect((await askForLink(email, { gRecaptchaResponse: recaptcha })).status).toBe(204);
      expect((await askForLink(email, { gRecaptchaResponse: "verzonnen" })).status).toBe(400);
    }
    expect(await emailsTo(player.email)).toHaveLength(4);
    expect(await emailsTo(unknown)).toEqual([]);
  });

  it("allows one client address 20 requests an hour", async () => {
    for (let request = 0; request < 20; request++) {
      const email = `niemand-${request}-${randomBytes(4).toString("hex")}@example.nl`;
      expect((await askForLink(email)).status).toBe(204);
    }
    const refused = await askForLink("nog-een@example.nl");
    expect(refused.status).toBe(429);
    expect((await problemOf(refused)).code).toBe("RateLimitError");
  });

  it("refuses what is not an e-mail address at its field", async () => {
    const response = await askForLink("geen-adres");
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors?.email).toEqual([passwordResetMessages.email]);
  });
});

describe("choosing a new password (POST /api/authentication/reset-password)", () => {
  it("sets it once; the old password stops working, the new one logs in, other sessions end", async () => {
    const player = await newPlayer();
    const elsewhere = cookieClient(api.url);
    const here = cookieClient(api.url);
    expect((await logIn(elsewhere, player.email, OLD_PASSWORD)).status).toBe(200);
    expect((await logIn(here, player.email, OLD_PASSWORD)).status).toBe(200);
    await askForLink(player.email);
    const token = await tokenFromNewestEmail(player.email);

    const reset = await resetWith(token, NEW_PASSWORD, here);

    expect(reset.status).toBe(204);
    const profile = "/api/my/common/account/profile";
    expect((await elsewhere.request(profile)).status).toBe(401);
    // The browser that chose the password keeps its own session.
    expect((await here.request(profile)).status).toBe(200);
    const old = await logIn(cookieClient(api.url), player.email, OLD_PASSWORD);
    expect(old.status).toBe(400);
    expect((await problemOf(old)).code).toBe("PasswordInvalidError");
    expect((await logIn(cookieClient(api.url), player.email, NEW_PASSWORD)).status).toBe(200);

    const again = await resetWith(token, "Nog-een-ander-3");
    expect(again.status).toBe(422);
    const problem = await problemOf(again);
    expect(problem.errors?.token).toEqual([passwordResetMessages.tokenUsed]);
    expect(problem.detail).toBe(passwordResetMessages.tokenUsed);
    expect((await logIn(cookieClient(api.url), player.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an unknown token with a Dutch reason", async () => {
    const response = await resetWith(randomBytes(32).toString("base64url"));
    expect(response.status).toBe(404);
    expect((await problemOf(response)).errors?.token).toEqual([passwordResetMessages.tokenUnknown]);
  });

  it("refuses a link after its hour", async () => {
    const player = await newPlayer();
    await askForLink(player.email);
    const token = await tokenFromNewestEmail(player.email);
    await api.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResets.playerId, player.id));

    const response = await resetWith(token);

    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors?.token).toEqual([passwordResetMessages.tokenExpired]);
    expect((await logIn(cookieClient(api.url), player.email, OLD_PASSWORD)).status).toBe(200);
  });

  it("refuses an older link once a newer one was asked for; the newer one works", async () => {
    const player = await newPlayer();
    await askForLink(player.email);
    const older = await tokenFromNewestEmail(player.email);
    await askForLink(player.email);
    const newer = await tokenFromNewestEmail(player.email);
    expect(newer).not.toBe(older);

    const refused = await resetWith(older);
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).errors?.token).toEqual([passwordResetMessages.tokenReplaced]);
    expect((await resetWith(newer)).status).toBe(204);
  });

  it("refuses a weak password with the registration's rules, and the link still works", async () => {
    const player = await newPlayer();
    await askForLink(player.email);
    const token = await tokenFromNewestEmail(player.email);

    const weak = await resetWith(token, "kort");

    expect(weak.status).toBe(400);
    expect((await problemOf(weak)).errors?.password).toEqual([
      passwordProblemsMessage(passwordProblems("kort")),
    ]);
    expect((await resetWith(token)).status).toBe(204);
    expect((await logIn(cookieClient(api.url), player.email, NEW_PASSWORD)).status).toBe(200);
  });
});
