import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, type Db, openDatabase } from "@/src/backend/db/database.server";
import { simulatedPayments } from "@/src/backend/db/schema";
import type { CreatePaymentInput, PaymentStatus } from "@/src/domain/payments/payment-provider";
import { requestLog } from "@/src/server/http/request-log";
import { createSecurityHeaders } from "@/src/server/http/security-headers";
import { capturedLogger } from "@/tests/support/captured-logs";
import { listenLocally } from "@/tests/support/listen";
import { createPaymentSimulator, type PaymentSimulator } from "./simulator.server";
import { PAYMENT_EXPIRY_MS } from "./storage.server";

const START = new Date("2026-12-31T14:00:00Z");
const RETURN_URL = "/betalen/resultaat?transactie=4f1c";

let database: Database;
let server: Awaited<ReturnType<typeof listenLocally>>;
let baseUrl: string;
let simulator: PaymentSimulator;
let clock: Date;
let logs: Array<Record<string, unknown>>;
/** What the shop's callback saw: the id it was given and the status `getPayment` then reported. */
let callbacks: Array<{ paymentId: string; status: PaymentStatus | undefined }>;
let callbackFailure: Error | undefined;
let callbackHangs: boolean;
/** When set, every UPDATE waits until `parties` of them are pending, so requests truly run side by side. */
let updateBarrier: { parties: number; waiting: Array<() => void> } | undefined;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  const captured = capturedLogger();
  logs = captured.logs;
  const logger = captured.logger;
  simulator = createPaymentSimulator({
    db: holdUpdates(database.db),
    logger,
    now: () => clock,
    callbackTimeoutMs: 200,
    onStatusChange: async (paymentId) => {
      if (callbackHangs) return new Promise<void>(() => undefined);
      const payment = await simulator.provider.getPayment(paymentId);
      callbacks.push({ paymentId, status: payment?.status });
      if (callbackFailure) throw callbackFailure;
    },
  });

  const app = express();
  app.use(requestLog(logger));
  app.use(createSecurityHeaders({ partnerHosts: [], secure: false, dev: false }).handler);
  app.use("/betaalsimulator", simulator.router);
  server = await listenLocally(app);
  baseUrl = server.url;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

beforeEach(() => {
  clock = START;
  callbacks = [];
  callbackFailure = undefined;
  callbackHangs = false;
});

function createPayment(overrides: Partial<CreatePaymentInput> = {}) {
  return simulator.provider.createPayment({
    reference: randomUUID(),
    amountCents: 1750,
    description: "Oudejaarstrekking 2026, 1 lot",
    method: "ideal",
    returnUrl: RETURN_URL,
    ...overrides,
  });
}

function get(path: string) {
  return fetch(`${baseUrl}${path}`, { redirect: "manual" });
}

function post(path: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function statusOf(paymentId: string) {
  return (await simulator.provider.getPayment(paymentId))?.status;
}

function holdUpdates(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const member = Reflect.get(target, property);
      if (property !== "update" || typeof member !== "function") return member;
      return (...args: unknown[]) => deferExecution(member.apply(target, args));
    },
  });
}

/** Wraps a query builder so that awaiting it first waits at the barrier. */
function deferExecution<T extends object>(builder: T): T {
  return new Proxy(builder, {
    get(target, property) {
      const member = Reflect.get(target, property);
      if (typeof member !== "function") return member;
      if (property === "then") {
        return (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) =>
          arriveAtBarrier()
            .then(() => member.call(target))
            .then(onFulfilled, onRejected);
      }
      return (...args: unknown[]) => {
        const result = member.apply(target, args);
        return typeof result === "object" && result !== null ? deferExecution(result) : result;
      };
    },
  });
}

function arriveAtBarrier(): Promise<void> {
  const barrier = updateBarrier;
  if (!barrier) return Promise.resolve();
  return new Promise((resolve) => {
    barrier.waiting.push(resolve);
    if (barrier.waiting.length < barrier.parties) return;
    updateBarrier = undefined;
    for (const release of barrier.waiting) release();
  });
}

const VALID_CARD = { cardHolder: "J. de Vries", expiry: "12/28", cvc: "123" };

describe("creating a payment", () => {
  it("returns an unguessable id and a same-origin page address", async () => {
    const first = await createPayment();
    const second = await createPayment();
    expect(first.paymentId).toMatch(/^tr_[0-9a-f]{32}$/);
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(first.redirectUrl).toBe(`/betaalsimulator/${first.paymentId}`);

    const reference = randomUUID();
    const { paymentId } = await createPayment({ reference, amountCents: 2500, issuer: "ing" });
    expect(await simulator.provider.getPayment(paymentId)).toEqual({
      paymentId,
      status: "open",
      amountCents: 2500,
      reference,
      method: "ideal",
      issuer: "INGBNL2A",
    });
  });

  it("refuses amounts that are not positive whole cents and unsafe return addresses", async () => {
    await expect(createPayment({ amountCents: 0 })).rejects.toThrow();
    await expect(createPayment({ amountCents: 17.5 })).rejects.toThrow();
    await expect(createPayment({ returnUrl: "//evil.example/steal" })).rejects.toThrow();
    await expect(createPayment({ returnUrl: "javascript:alert(1)" })).rejects.toThrow();
    await expect(
      createPayment({ returnUrl: "https://shop.example/betalen/resultaat" }),
    ).resolves.toBeDefined();
  });

  it("ignores an iDEAL bank it does not know, so the player can still choose one", async () => {
    const { paymentId } = await createPayment({ issuer: "Bank of Nowhere" });
    expect((await simulator.provider.getPayment(paymentId))?.issuer).toBeUndefined();
    expect(logs.some((line) => line.msg === "unknown iDEAL issuer ignored")).toBe(true);
  });

  it("knows nothing about ids it never issued", async () => {
    expect(await simulator.provider.getPayment(`tr_${"0".repeat(32)}`)).toBeUndefined();
    expect(await simulator.provider.getPayment("'; drop table simulated_payments; --")).toBeUndefined();
  });
});

describe("the iDEAL page", () => {
  it("shows the amount, merchant, description and the banks, marked as a test environment", async () => {
    const { redirectUrl } = await createPayment({ description: "Oudejaarstrekking <2026> & meer" });
    const response = await get(redirectUrl);
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain("Testomgeving — er wordt geen echt geld afgeschreven");
    expect(page).toContain("€\u00a017,50");
    expect(page).toContain("Kroonloterij");
    expect(page).toContain("Oudejaarstrekking &lt;2026&gt; &amp; meer");
    expect(page).toContain('<label for="issuer">Kies je bank</label>');
    for (const bank of [
      "ABN AMRO",
      "ASN Bank",
      "bunq",
      "ING",
      "Knab",
      "Rabobank",
      "RegioBank",
      "SNS",
      "Triodos Bank",
    ]) {
      expect(page).toContain(`>${bank}</option>`);
    }
    for (const button of ["Betaling goedkeuren", "Annuleren", "Betaling laten mislukken"]) {
      expect(page).toMatch(new RegExp(`<button type="submit"[^>]*>${button}</button>`));
    }
  });

  it("passes the app's CSP: no scripts, and the inline style carries the request's nonce", async () => {
    const { redirectUrl } = await createPayment();
    const response = await get(redirectUrl);
    const page = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

    expect(nonce).toBeDefined();
    expect(page).not.toContain("<script");
    expect(page).not.toMatch(/\son\w+=/);
    expect(page).toContain(`<style nonce="${nonce}">`);
    expect(page).toMatch(/<style[^>]*>[^<]*\.test-banner\{[^<]+<\/style>/);
  });

  it("gives each load of the page a nonce of its own, never a hash-based policy", async () => {
    const { redirectUrl } = await createPayment();
    const nonces: Array<string | undefined> = [];
    for (const _load of [1, 2]) {
      const response = await get(redirectUrl);
      const policy = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(policy).not.toContain("'sha256-");
      expect(await response.text()).toContain(`<style nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(nonces[0]).toBeDefined();
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  it("preselects the bank the player already chose in the shop", async () => {
    const { redirectUrl } = await createPayment({ issuer: "RABONL2U" });
    const page = await (await get(redirectUrl)).text();
    expect(page).toContain('<option value="RABONL2U" selected>Rabobank</option>');
    expect(page.match(/ selected>/g)).toHaveLength(1);
  });

  it("approving marks the payment paid, tells the shop once, then sends the player back", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    const response = await post(redirectUrl, { action: "approve", issuer: "ABNANL2A" });

    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(RETURN_URL);
    expect(callbacks).toEqual([{ paymentId, status: "paid" }]);
    expect(await simulator.provider.getPayment(paymentId)).toMatchObject({
      status: "paid",
      issuer: "ABNANL2A",
    });
  });

  it("asks for a bank before approving, and changes nothing meanwhile", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    const response = await post(redirectUrl, { action: "approve", issuer: "" });
    const page = await response.text();

    expect(response.status).toBe(422);
    expect(page).toContain("Kies een bank");
    expect(page).toContain('aria-invalid="true" aria-describedby="issuer-error"');
    expect(await statusOf(paymentId)).toBe("open");
    expect(callbacks).toEqual([]);
  });

  it("two approvals at the same moment change the payment once and tell the shop once", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    updateBarrier = { parties: 2, waiting: [] };
    const responses = await Promise.all([
      post(redirectUrl, { action: "approve", issuer: "INGBNL2A" }),
      post(redirectUrl, { action: "approve", issuer: "ABNANL2A" }),
    ]);

    expect(responses.map((response) => response.status)).toEqual([303, 303]);
    expect(updateBarrier).toBeUndefined();
    expect(callbacks).toEqual([{ paymentId, status: "paid" }]);
  });

  it("a double click or replay changes nothing and sends the player back again", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    const first = await post(redirectUrl, { action: "approve", issuer: "INGBNL2A" });
    const second = await post(redirectUrl, { action: "approve", issuer: "INGBNL2A" });
    const replay = await post(redirectUrl, { action: "cancel" });

    for (const response of [first, second, replay]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(RETURN_URL);
    }
    expect(callbacks).toEqual([{ paymentId, status: "paid" }]);
    expect(await statusOf(paymentId)).toBe("paid");
  });

  it("cancelling marks the payment cancelled", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    const response = await post(redirectUrl, { action: "cancel" });

    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(RETURN_URL);
    expect(callbacks).toEqual([{ paymentId, status: "cancelled" }]);
  });

  it("letting it fail marks the payment failed", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    const response = await post(redirectUrl, { action: "fail", issuer: "SNSBNL2A" });

    expect(response.status).toBe(303);
    expect(callbacks).toEqual([{ paymentId, status: "failed" }]);
  });

  it("shows a finished payment instead of the form when the player comes back to it", async () => {
    const { redirectUrl } = await createPayment();
    await post(redirectUrl, { action: "approve", issuer: "BUNQNL2A" });
    const response = await get(redirectUrl);
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(page).toContain("Deze betaling is gelukt");
    expect(page).toContain(`href="${RETURN_URL}"`);
    expect(page).not.toContain("<form");
  });

  it("refuses a post the form could never have sent", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    const unknownAction = await post(redirectUrl, { action: "refund" });
    const noAction = await post(redirectUrl, {});
    const tooLarge = await post(redirectUrl, { action: "approve", issuer: "x".repeat(20_000) });

    expect(unknownAction.status).toBe(400);
    expect(noAction.status).toBe(400);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("Dit verzoek kunnen we niet verwerken");
    expect(await statusOf(paymentId)).toBe("open");
  });
});

describe("telling the shop", () => {
  it("logs a failing callback and still sends the player back", async () => {
    callbackFailure = new Error("shop database unavailable");
    const { paymentId, redirectUrl } = await createPayment();
    const response = await post(redirectUrl, { action: "approve", issuer: "KNABNL2H" });

    expect(response.status).toBe(303);
    expect(await statusOf(paymentId)).toBe("paid");
    expect(
      logs.some(
        (line) =>
          line.msg === "payment status callback failed" &&
          line.paymentId === paymentId &&
          (line.err as { message?: string }).message === "shop database unavailable",
      ),
    ).toBe(true);
  });

  it("does not keep the player waiting on a callback that hangs", async () => {
    callbackHangs = true;
    const { paymentId, redirectUrl } = await createPayment();
    const response = await post(redirectUrl, { action: "approve", issuer: "TRIONL2U" });

    expect(response.status).toBe(303);
    expect(
      logs.some(
        (line) => line.msg === "payment status callback still running" && line.paymentId === paymentId,
      ),
    ).toBe(true);
  });
});

describe("the credit-card page", () => {
  const card = (overrides: Partial<CreatePaymentInput> = {}) =>
    createPayment({ method: "creditcard", ...overrides });

  it("shows the card fields, both buttons and the test cards", async () => {
    const { redirectUrl } = await card();
    const page = await (await get(redirectUrl)).text();

    for (const [field, label] of [
      ["cardNumber", "Kaartnummer"],
      ["cardHolder", "Naam op de kaart"],
      ["expiry", "Vervaldatum (MM/JJ)"],
      ["cvc", "CVC"],
    ]) {
      expect(page).toContain(`<label for="${field}">${label}</label>`);
      expect(page).toContain(`<input id="${field}" name="${field}"`);
    }
    expect(page).toMatch(/<button type="submit"[^>]*>Betalen<\/button>/);
    expect(page).toMatch(/<button type="submit"[^>]*>Annuleren<\/button>/);
    for (const number of ["4111 1111 1111 1111", "5555 5555 5555 4444", "4000 0000 0000 0002"]) {
      expect(page).toContain(number);
    }
    expect(page).not.toContain("Kies je bank");
  });

  it.each([["4111 1111 1111 1111"], ["5555-5555-5555-4444"]])("approves test card %s", async (cardNumber) => {
    const { paymentId, redirectUrl } = await card();
    const response = await post(redirectUrl, { action: "approve", cardNumber, ...VALID_CARD });

    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(RETURN_URL);
    expect(callbacks).toEqual([{ paymentId, status: "paid" }]);
  });

  it("declines the declining test card: the payment fails", async () => {
    const { paymentId, redirectUrl } = await card();
    const response = await post(redirectUrl, {
      action: "approve",
      cardNumber: "4000 0000 0000 0002",
      ...VALID_CARD,
    });

    expect(response.status).toBe(303);
    expect(callbacks).toEqual([{ paymentId, status: "failed" }]);
  });

  it.each([
    [
      "a number that fails the Luhn check",
      { cardNumber: "4111 1111 1111 1112" },
      "Dit kaartnummer is ongeldig",
    ],
    ["a number that is too short", { cardNumber: "4111 1111" }, "Dit kaartnummer is ongeldig"],
    [
      "a valid number that is no test card",
      { cardNumber: "4242 4242 4242 4242" },
      "Gebruik een van de testkaarten",
    ],
    ["an expiry in the past", { expiry: "11/26" }, "Deze vervaldatum is ongeldig"],
    ["a malformed expiry", { expiry: "13/27" }, "Deze vervaldatum is ongeldig"],
    ["a CVC of two digits", { cvc: "12" }, "Vul een geldige CVC in"],
    ["a CVC with letters", { cvc: "12a" }, "Vul een geldige CVC in"],
    ["no name", { cardHolder: " " }, "Vul de naam op de kaart in"],
  ])("re-renders the form for %s", async (_case, override, message) => {
    const { paymentId, redirectUrl } = await card();
    const response = await post(redirectUrl, {
      action: "approve",
      cardNumber: "4111 1111 1111 1111",
      ...VALID_CARD,
      ...override,
    });
    const page = await response.text();

    expect(response.status).toBe(422);
    expect(page).toContain(`<p class="error"`);
    expect(page).toContain(message);
    expect(page).toContain("autofocus");
    expect(await statusOf(paymentId)).toBe("open");
    expect(callbacks).toEqual([]);
  });

  it("keeps what the player typed, except the CVC", async () => {
    const { redirectUrl } = await card();
    const page = await (
      await post(redirectUrl, { action: "approve", cardNumber: "4242 4242 4242 4242", ...VALID_CARD })
    ).text();

    expect(page).toContain('value="4242 4242 4242 4242"');
    expect(page).toContain('value="J. de Vries"');
    expect(page).toContain('value="12/28"');
    expect(page).not.toContain('value="123"');
  });

  it("accepts a card that expires this month", async () => {
    const { paymentId, redirectUrl } = await card();
    const response = await post(redirectUrl, {
      action: "approve",
      cardNumber: "4111111111111111",
      ...VALID_CARD,
      expiry: "12/26",
    });

    expect(response.status).toBe(303);
    expect(await statusOf(paymentId)).toBe("paid");
  });

  it("cancels without asking for card details", async () => {
    const { paymentId, redirectUrl } = await card();
    const response = await post(redirectUrl, { action: "cancel" });

    expect(response.status).toBe(303);
    expect(callbacks).toEqual([{ paymentId, status: "cancelled" }]);
  });
});

describe("expiry", () => {
  it("an open payment is still open just before 15 minutes and expired from then on, persisted", async () => {
    const { paymentId } = await createPayment();
    clock = new Date(START.getTime() + PAYMENT_EXPIRY_MS - 1_000);
    expect(await statusOf(paymentId)).toBe("open");

    clock = new Date(START.getTime() + PAYMENT_EXPIRY_MS);
    expect(await statusOf(paymentId)).toBe("expired");
    const [row] = await database.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, paymentId));
    expect(row?.status).toBe("expired");
    expect(row?.completedAt).toEqual(clock);
  });

  it("an approval after the deadline changes nothing and sends the player back", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    clock = new Date(START.getTime() + PAYMENT_EXPIRY_MS + 60_000);
    const response = await post(redirectUrl, { action: "approve", issuer: "INGBNL2A" });

    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(RETURN_URL);
    expect(await statusOf(paymentId)).toBe("expired");
    // The page found the expiry, so the shop hears about it like any other change.
    expect(callbacks).toEqual([{ paymentId, status: "expired" }]);
  });

  it("the page of an expired payment says so", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    clock = new Date(START.getTime() + PAYMENT_EXPIRY_MS);
    const page = await (await get(redirectUrl)).text();

    expect(page).toContain("Deze betaling is verlopen");
    expect(page).not.toContain("<form");
    expect(callbacks).toEqual([{ paymentId, status: "expired" }]);
  });

  it("a completed payment never expires", async () => {
    const { paymentId, redirectUrl } = await createPayment();
    await post(redirectUrl, { action: "approve", issuer: "INGBNL2A" });
    clock = new Date(START.getTime() + 2 * PAYMENT_EXPIRY_MS);
    expect(await statusOf(paymentId)).toBe("paid");
  });
});

describe("unknown payments", () => {
  it.each([[`tr_${"a".repeat(32)}`], ["not-a-payment-id"]])("%s gets a Dutch 404 page", async (paymentId) => {
    const response = await get(`/betaalsimulator/${paymentId}`);
    const page = await response.text();

    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(page).toContain("Deze betaling bestaat niet");

    const posted = await post(`/betaalsimulator/${paymentId}`, { action: "approve" });
    expect(posted.status).toBe(404);
  });
});
