import { createHash, randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxEmails, promotionLeads, rateLimits } from "@/src/backend/db/schema";
import type { PromotionForm } from "@/src/contract/promotions";
import { OPT_INS } from "@/src/domain/promotions/opt-ins";
import { promotionMessages } from "@/src/lib/messages";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";

/**
 * Promotions and e-mail validation (issue 18) over HTTP against a real database: the page's form with its
 * fixed opt-in texts, a sign-up recorded as a lead with exactly those texts and the time, a forged text
 * refused, the way on to the offer for the browser that signed up only, the reCAPTCHA after a few
 * sign-ups from one address, and the double opt-in: a confirmation e-mail queued with the lead, whose link
 * confirms it once (issue 42).
 */

let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());
// Every call of these tests comes from one address: each test starts with its sign-ups uncounted.
beforeEach(async () => {
  await api.database.db.delete(rateLimits).where(like(rateLimits.key, "promotion-sign-ups|%"));
});

type Client = ReturnType<typeof cookieClient>;

const [NEWSLETTER, PARTNERS] = OPT_INS;

function signUp(email: string, optIns: { id: string; text: string }[] = []) {
  return { pageId: "winteractie", firstName: "Noor", email, optIns };
}

async function post(client: Client, path: string, body: unknown) {
  return client.postJson(path, body, await client.token());
}

async function localToken(client: Client): Promise<string> {
  return ((await (await client.request("/api/recaptcha/local-token")).json()) as { token: string }).token;
}

describe("the promotion's form (POST /api/promotions)", () => {
  it("gives the fixed texts of the opt-ins the page asks for, and the lead opt-in URL", async () => {
    const response = await post(cookieClient(api.url), "/api/promotions", { pageId: "winteractie" });
    expect(response.status).toBe(200);
    const form = (await response.json()) as PromotionForm;
    expect(form.optIns).toEqual([NEWSLETTER, PARTNERS]);
    expect(form.leadOptInUrl).toBe("/actievoorwaarden");
    expect((await post(cookieClient(api.url), "/api/promotions", { pageId: "cadeau" })).status).toBe(404);
  });
});

describe("e-mail validation (POST /api/email/validate)", () => {
  it("answers the address as stored, and refuses one that is not an address or a throwaway mailbox", async () => {
    const client = cookieClient(api.url);
    const ok = await post(client, "/api/email/validate", { email: "  Noor@Example.NL " });
    expect(await ok.json()).toEqual({ email: "noor@example.nl" });
    const invalid = await post(client, "/api/email/validate", { email: "noor@@example" });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      code: "EmailValidationError",
      errors: { email: [promotionMessages.emailInvalid] },
    });
    // Issue 40: markup is never an address (one e-mail rule, EMAIL_ADDRESS_PATTERN).
    const marked = await post(client, "/api/email/validate", { email: "<b>x</b>@gmail.com" });
    expect(marked.status).toBe(422);
    expect(await marked.json()).toMatchObject({ code: "EmailValidationError" });
    const throwaway = await post(client, "/api/email/validate", { email: "noor@mailinator.com" });
    expect(await throwaway.json()).toMatchObject({ code: "InvalidEmailAddressError" });
    const forged = await post(client, "/api/email/validate", {
      email: "noor@example.nl",
      gRecaptchaResponse: "local.1.forged",
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: "RecaptchaNotValidError" });
  });
});

describe("signing up (verify, store, continue)", () => {
  it("records the lead with exactly the texts shown and the time, and continues this browser to the offer", async () => {
    const visitor = cookieClient(api.url);
    const email = `noor.${randomUUID().slice(0, 8)}@example.nl`;
    const body = signUp(email, [{ id: NEWSLETTER.id, text: NEWSLETTER.text }]);
    const verified = await post(visitor, "/api/promotions/verify", body);
    expect(await verified.json()).toEqual({ email, optIns: [NEWSLETTER] });
    expect(
      await api.database.db.select().from(promotionLeads).where(eq(promotionLeads.email, email)),
    ).toEqual([]);

    const before = Date.now();
    const stored = await post(visitor, "/api/promotions/store", body);
    expect(stored.status, await stored.clone().text()).toBe(200);
    const { leadId, recordedAt } = (await stored.json()) as { leadId: string; recordedAt: string };
    const [lead] = await api.database.db.select().from(promotionLeads).where(eq(promotionLeads.id, leadId));
    expect(lead).toMatchObject({
      pageId: "winteractie",
      firstName: "Noor",
      email,
      optIns: [{ id: NEWSLETTER.id, version: NEWSLETTER.version, text: NEWSLETTER.text }],
      leadOptInUrl: "/actievoorwaarden",
    });
    expect(Date.parse(recordedAt)).toBeGreaterThanOrEqual(before - 1000);

    expect((await post(cookieClient(api.url), "/api/promotions/continue", { leadId })).status).toBe(404);
    const next = await post(visitor, "/api/promotions/continue", { leadId });
    expect(await next.json()).toEqual({ redirectUrl: "/abonnement" });
  });

  it("refuses a forged or changed opt-in text and one the page does not ask for, recording nothing", async () => {
    const visitor = cookieClient(api.url);
    const email = `noor.${randomUUID().slice(0, 8)}@example.nl`;
    for (const optIns of [
      [{ id: NEWSLETTER.id, text: "Ja, stuur me alles." }],
      [{ id: "telefoon", text: OPT_INS[2].text }],
      [{ id: "onbekend", text: "?" }],
    ]) {
      const refused = await post(visitor, "/api/promotions/store", signUp(email, optIns));
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ errors: { optIns: [promotionMessages.optInChanged] } });
    }
    const badAddress = await post(visitor, "/api/promotions/verify", signUp("noor@example.test"));
    expect(await badAddress.json()).toMatchObject({ code: "InvalidEmailAddressError" });
    // Issue 40: an address with markup is no lead: refused, its consent texts not stored.
    const marked = "<b>x</b>@gmail.com";
    const markedLead = await post(visitor, "/api/promotions/store", signUp(marked));
    expect(markedLead.status).toBe(422);
    expect(await markedLead.json()).toMatchObject({ code: "EmailValidationError" });
    expect(
      await api.database.db.select().from(promotionLeads).where(eq(promotionLeads.email, marked)),
    ).toEqual([]);
    const nameless = await post(visitor, "/api/promotions/verify", { ...signUp(email), firstName: " " });
    expect(nameless.status).toBe(400);
    expect(
      await api.database.db.select().from(promotionLeads).where(eq(promotionLeads.email, email)),
    ).toEqual([]);
  });

  it("asks for the reCAPTCHA after three sign-ups from one address, and takes a valid one", async () => {
    const visitor = cookieClient(api.url);
    for (let count = 0; count < 3; count++) {
      const ok = await post(
        visitor,
        "/api/promotions/store",
        signUp(`lead${count}.${randomUUID().slice(0, 6)}@example.nl`),
      );
      expect(ok.status).toBe(200);
    }
    const email = `noor.${randomUUID().slice(0, 8)}@example.nl`;
    const limited = await post(visitor, "/api/promotions/store", signUp(email));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "RateLimitError" });
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    const ticked = await post(visitor, "/api/promotions/store", {
      ...signUp(email),
      gRecaptchaResponse: await localToken(visitor),
    });
    expect(ticked.status).toBe(200);
  });
});

describe("the double opt-in (store, then POST /api/promotions/confirm)", () => {
  /** Signs up a new address; answers the lead and the token of the link in its confirmation e-mail. */
  async function signedUp() {
    const email = `noor.${randomUUID().slice(0, 8)}@example.nl`;
    const stored = await post(cookieClient(api.url), "/api/promotions/store", signUp(email));
    const { leadId } = (await stored.json()) as { leadId: string };
    const emails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, "lead-confirmation"), eq(outboxEmails.recipient, email)));
    const confirmPath = new URL(String(emails[0]?.data.confirmPath), "http://shop.test");
    return { email, leadId, emails, confirmPath, token: confirmPath.searchParams.get("token") ?? "" };
  }

  const leadOf = async (leadId: string) =>
    (await api.database.db.select().from(promotionLeads).where(eq(promotionLeads.id, leadId)))[0];

  it("queues the confirmation e-mail with the lead, which does not count until its link is confirmed", async () => {
    const { email, leadId, emails, confirmPath, token } = await signedUp();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      key: `lead-confirmation:${leadId}`,
      playerId: null,
      data: { firstName: "Noor", promotionTitle: "Meld je aan voor de winteractie" },
    });
    expect(emails[0]?.recipient).toBe(email);
    expect(confirmPath.pathname).toBe("/actie/bevestigen");
    expect(token).toMatch(/^[\w-]{43}$/);
    const lead = await leadOf(leadId);
    expect(lead?.confirmedAt).toBeNull();
    // Only the token's hash is stored: the database alone cannot confirm a lead.
    expect(lead?.confirmationTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
  });

  it("confirms the lead once; a second confirmation says it was confirmed already and keeps the time", async () => {
    const { leadId, token } = await signedUp();
    const visitor = cookieClient(api.url);
    const first = await post(visitor, "/api/promotions/confirm", { token });
    expect(first.status).toBe(200);
    const confirmed = (await first.json()) as { confirmedAt: string };
    expect(confirmed).toMatchObject({
      promotionTitle: "Meld je aan voor de winteractie",
      alreadyConfirmed: false,
    });
    expect((await leadOf(leadId))?.confirmedAt?.toISOString()).toBe(confirmed.confirmedAt);

    const again = await post(cookieClient(api.url), "/api/promotions/confirm", { token });
    expect(await again.json()).toEqual({ ...confirmed, alreadyConfirmed: true });
  });

  it("refuses an unknown token with 404 and the Dutch reason, and a missing one with 400", async () => {
    const { leadId, token } = await signedUp();
    const unknown = await post(cookieClient(api.url), "/api/promotions/confirm", { token: `${token}x` });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      detail: promotionMessages.confirmationNotFound,
      errors: { token: [promotionMessages.confirmationNotFound] },
    });
    const empty = await post(cookieClient(api.url), "/api/promotions/confirm", { token: "" });
    expect(empty.status).toBe(400);
    expect((await leadOf(leadId))?.confirmedAt).toBeNull();
  });
});
