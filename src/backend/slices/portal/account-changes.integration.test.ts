import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailChanges, outboxEmails, players } from "@/src/backend/db/schema";
import { passwordProblems, passwordProblemsMessage } from "@/src/domain/portal/password-rules";
import { accountChangeMessages as text } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { forgetRateLimits } from "@/tests/support/rate-limits";

/**
 * Issue 43, /mijn/profiel, over HTTP against a real database: a new password with the current one (wrong
 * ones counted per account, then a pause), which ends the player's other sessions and e-mails a
 * confirmation; a new e-mail address with the current password, confirmed by a one-time link to the new
 * address (a notice to the old one), refused when another account has it.
 */

let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());
// Every call of these tests comes from one client address: each test starts with nothing counted.
beforeEach(() => forgetRateLimits(api, ["POST /api/", "login-failures|", "current-password-failures|"]));

const PROFILE = "/api/my/common/account/profile";
const PASSWORD = "/api/my/common/account/password";
const EMAIL = "/api/my/common/account/email";
const CONFIRM = "/api/account/confirm-email-change";
const OLD_PASSWORD = "Oud-wachtwoord-1";
const NEW_PASSWORD = "Nieuw-wachtwoord-2";
const LINK = /^\/e-mailadres-bevestigen\?token=([A-Za-z0-9_-]{43})$/;

type Client = ReturnType<typeof cookieClient>;

const freshAddress = (prefix: string) => `${prefix}-${randomBytes(6).toString("hex")}@example.nl`;

/** A player with a real password hash (as registration stores it), under a fresh address. */
async function newPlayer(): Promise<{ id: string; email: string }> {
  const email = freshAddress("profiel");
  const [player] = await api.database.db
    .insert(players)
    .values({
      customerNumber: `P${randomBytes(6).toString("hex")}`,
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

async function loggedIn(email: string, password = OLD_PASSWORD): Promise<Client> {
  const client = cookieClient(api.url);
  expect((await post(client, "/api/authentication/login", { email, password })).status).toBe(200);
  return client;
}

const logIn = (email: string, password: string) =>
  post(cookieClient(api.url), "/api/authentication/login", { email, password });

async function emailsTo(email: string, kind?: string) {
  const rows = await api.database.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, email));
  return rows.filter((row) => !kind || row.kind === kind);
}

/** The token of the newest confirmation link e-mailed to `email`, as the player would read it. */
async function tokenFromNewestEmail(email: string): Promise<string> {
  const emails = await emailsTo(email, "email-change-confirmation");
  const newest = emails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const token = LINK.exec(String(newest?.data.confirmPath))?.[1];
  if (!token) throw new Error(`no confirmation link e-mailed to ${email}`);
  return token;
}

async function problemOf(response: Response) {
  return (await response.json()) as { code?: string; detail?: string; errors?: Record<string, string[]> };
}

const confirm = (token: string) => post(cookieClient(api.url), CONFIRM, { token });

describe("changing the password (POST /api/my/common/account/password)", () => {
  it("sets it with the current one: other sessions end, this one stays, and a confirmation is e-mailed", async () => {
    const player = await newPlayer();
    const elsewhere = await loggedIn(player.email);
    const here = await loggedIn(player.email);

    const changed = await post(here, PASSWORD, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD });

    expect(changed.status).toBe(204);
    expect((await elsewhere.request(PROFILE)).status).toBe(401);
    expect((await here.request(PROFILE)).status).toBe(200);
    expect((await problemOf(await logIn(player.email, OLD_PASSWORD))).code).toBe("PasswordInvalidError");
    expect((await logIn(player.email, NEW_PASSWORD)).status).toBe(200);
    const emails = await emailsTo(player.email, "password-changed");
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ playerId: player.id, state: "queued" });
    expect(emails[0]?.data).toEqual({ firstName: "Noor", changedAt: expect.any(String) });
    expect(Math.abs(new Date(String(emails[0]?.data.changedAt)).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("refuses a wrong current password at its field, in Dutch, and changes nothing", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);

    const refused = await post(client, PASSWORD, { currentPassword: "Geraden-1", newPassword: NEW_PASSWORD });

    expect(refused.status).toBe(400);
    const problem = await problemOf(refused);
    expect(problem.code).toBe("PasswordInvalidError");
    expect(problem.errors).toEqual({ currentPassword: [text.currentPasswordWrong] });
    expect((await logIn(player.email, OLD_PASSWORD)).status).toBe(200);
    expect(await emailsTo(player.email, "password-changed")).toEqual([]);
  });

  it("pauses after five wrong current passwords, even for the right one, and says until when", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await post(client, PASSWORD, {
        currentPassword: `Fout-${attempt}`,
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
    }

    const paused = await post(client, PASSWORD, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD });

    expect(paused.status).toBe(429);
    expect(paused.headers.get("retry-after")).toMatch(/^\d+$/);
    const problem = await problemOf(paused);
    expect(problem.code).toBe("RateLimitError");
    expect(problem.errors).toEqual({ currentPassword: [text.tooManyAttempts] });
    // The e-mail change shares the count: the same password is guessed there.
    const email = await post(client, EMAIL, {
      newEmail: freshAddress("nieuw"),
      currentPassword: OLD_PASSWORD,
    });
    expect(email.status).toBe(429);
    expect((await logIn(player.email, NEW_PASSWORD)).status).toBe(400);
  });

  it("refuses a new password that breaks the registration's rules, or is the current one", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);

    const weak = await post(client, PASSWORD, { currentPassword: OLD_PASSWORD, newPassword: "kort" });
    expect(weak.status).toBe(400);
    expect((await problemOf(weak)).errors?.newPassword).toEqual([
      passwordProblemsMessage(passwordProblems("kort")),
    ]);

    const same = await post(client, PASSWORD, { currentPassword: OLD_PASSWORD, newPassword: OLD_PASSWORD });
    expect(same.status).toBe(422);
    expect((await problemOf(same)).errors).toEqual({ newPassword: [text.samePassword] });
  });

  it("needs a login and this browser's anti-forgery token", async () => {
    const body = { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await post(cookieClient(api.url), PASSWORD, body)).status).toBe(401);
    const player = await newPlayer();
    const client = await loggedIn(player.email);
    const forged = await client.postJson(PASSWORD, body, "verzonnen-token");
    expect(forged.status).toBe(403);
    expect((await logIn(player.email, OLD_PASSWORD)).status).toBe(200);
  });
});

describe("changing the e-mail address (POST /api/my/common/account/email, then its link)", () => {
  it("e-mails a link to the new address and a notice to the old one; the link changes it, once", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);
    const newEmail = freshAddress("nieuw");

    const asked = await post(client, EMAIL, {
      newEmail: ` ${newEmail.toUpperCase()} `,
      currentPassword: OLD_PASSWORD,
    });

    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ newEmail });
    // Nothing changes before the link is followed.
    expect(((await (await client.request(PROFILE)).json()) as { email: string }).email).toBe(player.email);
    const [confirmation] = await emailsTo(newEmail, "email-change-confirmation");
    expect(confirmation).toMatchObject({ playerId: player.id, state: "queued" });
    expect(confirmation?.data).toMatchObject({
      firstName: "Noor",
      newEmail,
      confirmPath: expect.stringMatching(LINK),
    });
    const expiresAt = new Date(String(confirmation?.data.expiresAt)).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 24 * 60 * 60_000))).toBeLessThan(60_000);
    const [notice] = await emailsTo(player.email, "email-change-notice");
    expect(notice?.data).toMatchObject({ firstName: "Noor", newEmailMasked: "n***@example.nl" });
    expect(JSON.stringify(notice?.data)).not.toContain(newEmail);
    const token = await tokenFromNewestEmail(newEmail);
    const stored = await api.database.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.playerId, player.id));
    expect(stored.map((row) => row.tokenHash)).toEqual([createHash("sha256").update(token).digest("hex")]);

    const confirmed = await confirm(token);

    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: newEmail });
    expect(((await (await client.request(PROFILE)).json()) as { email: string }).email).toBe(newEmail);
    expect((await logIn(newEmail, OLD_PASSWORD)).status).toBe(200);
    expect((await logIn(player.email, OLD_PASSWORD)).status).toBe(400);
    const again = await confirm(token);
    expect(again.status).toBe(422);
    expect((await problemOf(again)).errors).toEqual({ token: [text.tokenUsed] });
  });

  it("refuses an address another account has, after the password, without e-mailing anyone", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const client = await loggedIn(player.email);

    const wrongPassword = await post(client, EMAIL, { newEmail: other.email, currentPassword: "Geraden-1" });
    expect((await problemOf(wrongPassword)).code).toBe("PasswordInvalidError");

    const taken = await post(client, EMAIL, { newEmail: other.email, currentPassword: OLD_PASSWORD });
    expect(taken.status).toBe(409);
    const problem = await problemOf(taken);
    expect(problem.code).toBe("AccountNameAlreadyTakenError");
    expect(problem.errors).toEqual({ newEmail: [text.emailTaken] });
    expect(JSON.stringify(problem)).not.toMatch(/Jansen|customer|P[0-9a-f]{12}/);
    expect(await emailsTo(other.email)).toEqual([]);
    expect(await emailsTo(player.email, "email-change-notice")).toEqual([]);
  });

  it("refuses the link when another account took the address in between", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);
    const newEmail = freshAddress("nieuw");
    await post(client, EMAIL, { newEmail, currentPassword: OLD_PASSWORD });
    const token = await tokenFromNewestEmail(newEmail);
    const other = await newPlayer();
    await api.database.db.update(players).set({ email: newEmail }).where(eq(players.id, other.id));

    const refused = await confirm(token);

    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).errors).toEqual({ token: [text.emailTaken] });
    expect((await logIn(player.email, OLD_PASSWORD)).status).toBe(200);
  });

  it("refuses a link after its 24 hours, an older link once a newer one was asked for, and an unknown one", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);
    const first = freshAddress("eerste");
    const second = freshAddress("tweede");
    await post(client, EMAIL, { newEmail: first, currentPassword: OLD_PASSWORD });
    const older = await tokenFromNewestEmail(first);
    await post(client, EMAIL, { newEmail: second, currentPassword: OLD_PASSWORD });
    const newer = await tokenFromNewestEmail(second);

    const replaced = await confirm(older);
    expect(replaced.status).toBe(422);
    expect((await problemOf(replaced)).errors).toEqual({ token: [text.tokenReplaced] });

    await api.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(emailChanges.playerId, player.id), eq(emailChanges.newEmail, second)));
    const expired = await confirm(newer);
    expect(expired.status).toBe(422);
    expect((await problemOf(expired)).errors).toEqual({ token: [text.tokenExpired] });

    const unknown = await confirm(randomBytes(32).toString("base64url"));
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).errors).toEqual({ token: [text.tokenUnknown] });
    expect((await logIn(player.email, OLD_PASSWORD)).status).toBe(200);
  });

  it("refuses a malformed address with the shop's e-mail rule, and the account's own address", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);

    const malformed = await post(client, EMAIL, { newEmail: "sanne@ziggo", currentPassword: OLD_PASSWORD });
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors).toEqual({ newEmail: [text.email] });

    const own = await post(client, EMAIL, { newEmail: player.email, currentPassword: OLD_PASSWORD });
    expect(own.status).toBe(422);
    expect((await problemOf(own)).errors).toEqual({ newEmail: [text.sameEmail] });
  });

  it("sends at most five links an hour per account", async () => {
    const player = await newPlayer();
    const client = await loggedIn(player.email);
    for (let request = 0; request < 5; request++) {
      const asked = await post(client, EMAIL, {
        newEmail: freshAddress(`n${request}`),
        currentPassword: OLD_PASSWORD,
      });
      expect(asked.status).toBe(200);
    }
    const sixth = freshAddress("zesde");
    const refused = await post(client, EMAIL, { newEmail: sixth, currentPassword: OLD_PASSWORD });

    expect(refused.status).toBe(429);
    expect((await problemOf(refused)).errors).toEqual({ newEmail: [text.tooManyEmailChanges] });
    expect(await emailsTo(sixth)).toEqual([]);
  });
});
