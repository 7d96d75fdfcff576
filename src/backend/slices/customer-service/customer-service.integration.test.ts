import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, outboxEmails, players, rateLimits } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { contactMessages as text } from "@/src/lib/messages";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { logInThroughApi } from "@/tests/support/shop-steps";

/**
 * Customer service's contact form (issue 43 item 2) over HTTP against a real database: a question stored
 * with its reference and its two e-mails in the outbox (to the sender, and to customer service with the
 * sender to reply to), field errors in Dutch, a logged-in player's account address, and five accepted
 * questions an hour per client address.
 */

let api: ApiHarness;
const PATH = "/api/customer-service/messages";

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());
// Every call of these tests comes from one address: each test starts with its questions uncounted.
beforeEach(async () => {
  await api.database.db.delete(rateLimits).where(like(rateLimits.key, "customer-service-messages|%"));
});

type Client = ReturnType<typeof cookieClient>;

async function post(client: Client, body: unknown) {
  return client.postJson(PATH, body, await client.token());
}

function question(email: string) {
  return {
    name: "  Noor Jansen ",
    email,
    subject: "lot-of-prijs",
    ticketOrOrderNumber: "KB12345",
    message: "Ik heb gewonnen met KB12345.\r\nWanneer krijg ik mijn prijs?",
  };
}

const newAddress = () => `noor.${randomUUID().slice(0, 8)}@example.nl`;

async function emailsOf(reference: string) {
  const rows = await api.database.db.select().from(outboxEmails).where(like(outboxEmails.key, "contact-%"));
  return rows.filter((row) => (row.data as { reference?: string }).reference === reference);
}

describe("sending a question (POST /api/customer-service/messages)", () => {
  it("answers 201 with the reference, stores the question and queues both e-mails", async () => {
    const email = newAddress();
    const response = await post(cookieClient(api.url), question(email.toUpperCase()));
    expect(response.status, await response.clone().text()).toBe(201);
    const answer = (await response.json()) as { reference: string; email: string; receivedAt: string };
    expect(answer.reference).toMatch(/^KS-\d{6}$/);
    expect(answer.email).toBe(email);

    const [row] = await api.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.reference, answer.reference));
    expect(row).toMatchObject({
      name: "Noor Jansen",
      email,
      subject: "lot-of-prijs",
      ticketOrOrderNumber: "KB12345",
      message: "Ik heb gewonnen met KB12345.\nWanneer krijg ik mijn prijs?",
      playerId: null,
    });
    expect(row?.clientKeyHash).toMatch(/^[0-9a-f]{64}$/);

    const emails = await emailsOf(answer.reference);
    expect(emails.map((row) => [row.kind, row.recipient, row.state]).sort()).toEqual([
      ["contact-confirmation", email, "queued"],
      ["contact-message", "klantenservice@kroonloterij.example", "queued"],
    ]);
    const toService = emails.find((row) => row.kind === "contact-message");
    expect(toService?.data).toMatchObject({ email, subject: "Mijn lot of prijs", customerNumber: null });
  });

  it("numbers the questions in order", async () => {
    const client = cookieClient(api.url);
    const first = (await (await post(client, question(newAddress()))).json()) as { reference: string };
    const second = (await (await post(client, question(newAddress()))).json()) as { reference: string };
    expect(Number(second.reference.slice(3))).toBeGreaterThan(Number(first.reference.slice(3)));
  });

  it("refuses missing and wrong fields with a Dutch message at each, storing nothing", async () => {
    const client = cookieClient(api.url);
    const empty = await post(client, {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      name: [text.name],
      email: [text.email],
      subject: [text.subject],
      message: [text.message],
    });

    const wrong = await post(client, {
      name: "N".repeat(81),
      email: "noor@example.nl",
      subject: "prijzen",
      ticketOrOrderNumber: "1".repeat(41),
      message: "Te kort",
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      name: [text.nameTooLong],
      subject: [text.subject],
      ticketOrOrderNumber: [text.ticketOrOrderNumber],
      message: [text.messageTooShort],
    });
    expect((await post(client, { ...question(newAddress()), message: "x".repeat(2001) })).status).toBe(400);

    // Not an address: with the other fields' errors at once (the shop's one e-mail rule, issue 40).
    const notAnAddress = await post(client, { ...question("noor@@example"), name: "" });
    expect(notAnAddress.status).toBe(400);
    expect(((await notAnAddress.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      name: [text.name],
      email: [text.emailInvalid],
    });
    const throwaway = await post(client, question("noor@mailinator.com"));
    expect(await throwaway.json()).toMatchObject({
      code: "InvalidEmailAddressError",
      errors: { email: [text.emailRefused] },
    });
    // Empty lines do not make a question long enough.
    const blank = await post(client, { ...question(newAddress()), message: "a\n\n\n\n\n\n\n\n\nb" });
    expect(blank.status).toBe(422);
    expect(await blank.json()).toMatchObject({ errors: { message: [text.messageTooShort] } });
    const stored = await api.database.db
      .select()
      .from(contactMessages)
      .where(like(contactMessages.email, "%mailinator%"));
    expect(stored).toEqual([]);
  });

  it("sends a logged-in player's question from the account's address, whatever the form said", async () => {
    const client = cookieClient(api.url);
    await logInThroughApi(client, DEMO_PLAYER);
    const response = await post(client, question("iemand.anders@example.nl"));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { reference: string; email: string };
    expect(answer.email).toBe(DEMO_PLAYER.email);
    const [player] = await api.database.db.select().from(players).where(eq(players.email, DEMO_PLAYER.email));
    const [row] = await api.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.reference, answer.reference));
    expect(row).toMatchObject({ email: DEMO_PLAYER.email, playerId: player?.id });
    const emails = await emailsOf(answer.reference);
    expect(emails.find((row) => row.kind === "contact-confirmation")?.recipient).toBe(DEMO_PLAYER.email);
    expect(emails.find((row) => row.kind === "contact-message")?.data).toMatchObject({
      customerNumber: DEMO_PLAYER.customerNumber,
    });
  });

  it("accepts five questions an hour from one address, then says how long to wait; refusals do not count", async () => {
    const client = cookieClient(api.url);
    expect((await post(client, {})).status).toBe(400);
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await post(client, question(newAddress()))).status).toBe(201);
    }
    const refused = await post(client, question(newAddress()));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toMatchObject({ code: "RateLimitError", retryAfterSeconds: retryAfter });
  });
});
