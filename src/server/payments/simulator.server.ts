import { randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { PaymentMethodSchema } from "@/src/api/contract/tickets";
import type { Db } from "@/src/db/database.server";
import { simulatedPayments } from "@/src/db/schema";
import { amsterdamFields } from "@/src/lib/amsterdam-time";
import { formatEuroCents } from "@/src/lib/format";
import { escapeHtml } from "@/src/lib/html";
import { isLuhnValid, normaliseCardNumber } from "./luhn";
import {
  CreatePaymentInputSchema,
  findIdealIssuer,
  IDEAL_ISSUERS,
  type PaymentInfo,
  type PaymentProvider,
  type PaymentStatus,
  PaymentStatusSchema,
} from "./payment-provider";

/**
 * A local stand-in for the payment service provider (DESIGN section 6): the shop talks to it through
 * `PaymentProvider`, the player clicks through its pages. It plays the outside party, so its page texts
 * are its own (Dutch) rather than the shop's message catalogue.
 *
 * Like Mollie, the simulator tells the shop only *that* a payment changed (`onStatusChange(paymentId)`);
 * the shop must ask `getPayment` for the status, so a forged or replayed notification cannot mark an
 * order paid.
 */

export type PaymentSimulatorOptions = {
  db: Db;
  /**
   * Told about every status change the simulator's pages cause, before the browser is sent back to the
   * shop. Awaited (at most `callbackTimeoutMs`); a thrown error is logged and the redirect still happens.
   */
  onStatusChange: (paymentId: string) => Promise<void> | void;
  logger: Logger;
  now?: () => Date;
  /** Where the app mounts `router`; payment pages live at `${basePath}/${paymentId}`. */
  basePath?: string;
  /** How long the player's redirect waits for `onStatusChange` before it goes ahead without it. */
  callbackTimeoutMs?: number;
};

export type PaymentSimulator = { provider: PaymentProvider; router: Router };

/** An open payment that has not been completed within this time can no longer be paid (Mollie: 15 min). */
export const PAYMENT_EXPIRY_MS = 15 * 60 * 1000;

const MERCHANT_NAME = "Kroonloterij";
const PAYMENT_ID = /^tr_[0-9a-f]{32}$/;

/** Cards the credit-card page accepts; any other Luhn-valid number is refused as "not a test card". */
export const TEST_CARDS = [
  { number: "4111111111111111", outcome: "paid" },
  { number: "5555555555554444", outcome: "paid" },
  { number: "4000000000000002", outcome: "failed" },
] as const satisfies ReadonlyArray<{ number: string; outcome: PaymentStatus }>;
type TestCard = (typeof TEST_CARDS)[number];

const text = {
  testBanner: "Testomgeving — er wordt geen echt geld afgeschreven",
  siteName: "Betaalsimulator",
  idealTitle: "Betalen met iDEAL",
  cardTitle: "Betalen met creditcard",
  merchant: "Ontvanger",
  description: "Omschrijving",
  amount: "Bedrag",
  chooseBank: "Kies je bank",
  bankPlaceholder: "Selecteer een bank",
  approve: "Betaling goedkeuren",
  fail: "Betaling laten mislukken",
  cancel: "Annuleren",
  pay: "Betalen",
  cardNumber: "Kaartnummer",
  cardHolder: "Naam op de kaart",
  expiry: "Vervaldatum (MM/JJ)",
  cvc: "CVC",
  testCardsTitle: "Testkaarten",
  testCardColumn: "Testkaart",
  outcomeColumn: "Resultaat",
  outcomePaid: "Wordt goedgekeurd",
  outcomeFailed: "Wordt geweigerd",
  testCardsHint: "Gebruik een vervaldatum in de toekomst, een willekeurige naam en een CVC van 3 cijfers.",
  errorSummary: "Niet alle gegevens zijn goed ingevuld. Controleer de gemarkeerde velden.",
  bankMissing: "Kies een bank",
  cardInvalid: "Dit kaartnummer is ongeldig",
  cardUnknown: "Gebruik een van de testkaarten",
  holderMissing: "Vul de naam op de kaart in",
  expiryInvalid: "Deze vervaldatum is ongeldig",
  cvcInvalid: "Vul een geldige CVC in",
  backToShop: `Terug naar ${MERCHANT_NAME}`,
  finishedHint: "Met deze betaling kun je niets meer doen.",
  finished: {
    paid: "Deze betaling is gelukt",
    cancelled: "Deze betaling is geannuleerd",
    failed: "Deze betaling is mislukt",
    expired: "Deze betaling is verlopen",
  },
  notFoundTitle: "Deze betaling bestaat niet",
  notFoundHint: "Controleer de link, of begin opnieuw met betalen in de winkel.",
  badRequestTitle: "Dit verzoek kunnen we niet verwerken",
  badRequestHint: "Ga terug naar de betaalpagina en probeer het opnieuw.",
} as const;

const StoredPaymentSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  description: z.string(),
  method: PaymentMethodSchema,
  issuer: z.string().nullable(),
  status: PaymentStatusSchema,
  reference: z.string(),
  returnUrl: z.string(),
  createdAt: z.date(),
});
type StoredPayment = z.infer<typeof StoredPaymentSchema>;

/** What a form post asks for: the final status, and for iDEAL the bank the player paid with. */
type Decision = { status: Exclude<PaymentStatus, "open" | "expired">; issuer?: string };

export function createPaymentSimulator({
  db,
  onStatusChange,
  logger,
  now = () => new Date(),
  basePath = "/betaalsimulator",
  callbackTimeoutMs = 10_000,
}: PaymentSimulatorOptions): PaymentSimulator {
  const pagePath = (paymentId: string) => `${basePath.replace(/\/+$/, "")}/${paymentId}`;
  const deadline = (at: Date) => new Date(at.getTime() - PAYMENT_EXPIRY_MS);

  async function select(paymentId: string): Promise<StoredPayment | undefined> {
    const [row] = await db.select().from(simulatedPayments).where(eq(simulatedPayments.id, paymentId));
    return row && StoredPaymentSchema.parse(row);
  }

  /**
   * The payment as it stands at `at`. An open payment past its deadline is expired here, with a
   * conditional update so it can never overwrite a completion that got in first.
   */
  async function load(
    paymentId: string,
    at: Date,
  ): Promise<{ payment: StoredPayment; expiredNow: boolean } | undefined> {
    if (!PAYMENT_ID.test(paymentId)) return undefined;
    const payment = await select(paymentId);
    if (!payment) return undefined;
    if (payment.status !== "open" || payment.createdAt > deadline(at)) return { payment, expiredNow: false };
    const expired = await db
      .update(simulatedPayments)
      .set({ status: "expired", completedAt: at })
      .where(
        and(
          eq(simulatedPayments.id, paymentId),
          eq(simulatedPayments.status, "open"),
          lte(simulatedPayments.createdAt, deadline(at)),
        ),
      )
      .returning({ id: simulatedPayments.id });
    const current = await select(paymentId);
    if (!current) return undefined;
    if (expired.length > 0) logger.info({ paymentId, reference: current.reference }, "payment expired");
    return { payment: current, expiredNow: expired.length > 0 };
  }

  /** Completes an open payment; false when another request completed or expired it first. */
  async function complete(payment: StoredPayment, decision: Decision, at: Date): Promise<boolean> {
    const changed = await db
      .update(simulatedPayments)
      .set({
        status: decision.status,
        completedAt: at,
        ...(decision.issuer ? { issuer: decision.issuer } : {}),
      })
      .where(
        and(
          eq(simulatedPayments.id, payment.id),
          eq(simulatedPayments.status, "open"),
          gt(simulatedPayments.createdAt, deadline(at)),
        ),
      )
      .returning({ id: simulatedPayments.id });
    return changed.length > 0;
  }

  /** Tells the shop; its failure or slowness must not strand the player on the payment page. */
  async function notify(paymentId: string, log: Logger): Promise<void> {
    const call = Promise.resolve()
      .then(() => onStatusChange(paymentId))
      .catch((error: unknown) => log.error({ err: error, paymentId }, "payment status callback failed"));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), callbackTimeoutMs);
    });
    const outcome = await Promise.race([call, timeout]);
    clearTimeout(timer);
    if (outcome === "timeout") {
      log.warn({ paymentId, timeoutMs: callbackTimeoutMs }, "payment status callback still running");
    }
  }

  const provider: PaymentProvider = {
    async createPayment(input) {
      const { reference, amountCents, description, method, issuer, returnUrl } =
        CreatePaymentInputSchema.parse(input);
      const knownIssuer = method === "ideal" ? findIdealIssuer(issuer) : undefined;
      if (method === "ideal" && issuer && !knownIssuer) {
        // The player simply picks a bank on the payment page; refusing would lose the order.
        logger.warn({ reference, issuer }, "unknown iDEAL issuer ignored");
      }
      const paymentId = `tr_${randomBytes(16).toString("hex")}`;
      await db.insert(simulatedPayments).values({
        id: paymentId,
        amountCents,
        description,
        method,
        issuer: knownIssuer?.id ?? null,
        status: "open",
        reference,
        returnUrl,
        createdAt: now(),
      });
      logger.info({ paymentId, reference, amountCents, method }, "payment created");
      return { paymentId, redirectUrl: pagePath(paymentId) };
    },

    async getPayment(paymentId) {
      // The caller learns an expiry from the answer itself, so no notification for it here.
      const found = await load(paymentId, now());
      return found && toPaymentInfo(found.payment);
    },
  };

  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/:paymentId", async (req, res) => {
    const at = now();
    const found = await load(String(req.params.paymentId), at);
    if (!found) return sendPage(res, 404, notFoundPage());
    const log = requestLogger(res, logger);
    if (found.expiredNow) await notify(found.payment.id, log);
    const { payment } = found;
    if (payment.status !== "open") return sendPage(res, 200, finishedPage(payment));
    const form: FormState =
      payment.method === "ideal"
        ? { method: "ideal", issuer: payment.issuer ?? undefined, errors: {} }
        : { method: "creditcard", values: {}, errors: {} };
    sendPage(res, 200, openPage(payment, form, pagePath(payment.id)));
  });

  router.post(
    "/:paymentId",
    express.urlencoded({ extended: false, limit: "10kb" }),
    async (req: Request, res: Response) => {
      const at = now();
      const found = await load(String(req.params.paymentId), at);
      if (!found) return sendPage(res, 404, notFoundPage());
      const log = requestLogger(res, logger);
      const { payment } = found;
      if (found.expiredNow) await notify(payment.id, log);
      // Double clicks, the back button and replays land here: nothing changes, the player goes back.
      if (payment.status !== "open") return res.redirect(303, payment.returnUrl);

      const result = payment.method === "ideal" ? decideIdeal(req.body) : decideCard(req.body, at);
      if (result.kind === "bad-request") return sendPage(res, 400, badRequestPage());
      if (result.kind === "invalid") {
        return sendPage(res, 422, openPage(payment, result.form, pagePath(payment.id)));
      }

      if (await complete(payment, result.decision, at)) {
        log.info(
          { paymentId: payment.id, reference: payment.reference, status: result.decision.status },
          "payment completed",
        );
        await notify(payment.id, log);
      } else {
        // Lost a race: another request completed it, or its deadline passed in between.
        const latest = await load(payment.id, at);
        if (latest?.expiredNow) await notify(payment.id, log);
      }
      res.redirect(303, payment.returnUrl);
    },
  );

  router.use(bodyErrors);
  return { provider, router };
}

function toPaymentInfo(payment: StoredPayment): PaymentInfo {
  const issuer = findIdealIssuer(payment.issuer);
  return {
    paymentId: payment.id,
    status: payment.status,
    amountCents: payment.amountCents,
    reference: payment.reference,
    method: payment.method,
    ...(issuer ? { issuer: issuer.id } : {}),
  };
}

function requestLogger(res: Response, fallback: Logger): Logger {
  return (res.locals.log as Logger | undefined) ?? fallback;
}

/** A body the form could never have sent (too large, malformed) gets the page, not the shop's error. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = typeof error?.status === "number" ? error.status : 500;
  if (status < 400 || status >= 500 || res.headersSent) return next(error);
  sendPage(res, status, badRequestPage());
};

// --- Form posts ---------------------------------------------------------------------------------------

type CardField = "cardNumber" | "cardHolder" | "expiry" | "cvc";
type FormState =
  | { method: "ideal"; issuer?: string; errors: { issuer?: string } }
  | {
      method: "creditcard";
      values: Partial<Record<Exclude<CardField, "cvc">, string>>;
      errors: Partial<Record<CardField, string>>;
    };

type FormResult =
  | { kind: "decided"; decision: Decision }
  | { kind: "invalid"; form: FormState }
  | { kind: "bad-request" };

const IdealPostSchema = z.object({
  action: z.enum(["approve", "cancel", "fail"]),
  issuer: z.string().max(40).optional(),
});

const CardPostSchema = z.object({
  action: z.enum(["approve", "cancel"]),
  cardNumber: z.string().max(100).default(""),
  cardHolder: z.string().max(200).default(""),
  expiry: z.string().max(20).default(""),
  cvc: z.string().max(20).default(""),
});

function decideIdeal(body: unknown): FormResult {
  const post = IdealPostSchema.safeParse(body);
  if (!post.success) return { kind: "bad-request" };
  const { action, issuer } = post.data;
  const bank = findIdealIssuer(issuer);
  if (action === "cancel") return { kind: "decided", decision: { status: "cancelled", issuer: bank?.id } };
  if (action === "fail") return { kind: "decided", decision: { status: "failed", issuer: bank?.id } };
  if (!bank) return { kind: "invalid", form: { method: "ideal", errors: { issuer: text.bankMissing } } };
  return { kind: "decided", decision: { status: "paid", issuer: bank.id } };
}

function decideCard(body: unknown, at: Date): FormResult {
  const post = CardPostSchema.safeParse(body);
  if (!post.success) return { kind: "bad-request" };
  const { action, cvc: _cvc, ...values } = post.data;
  if (action === "cancel") return { kind: "decided", decision: { status: "cancelled" } };
  const details = cardDetailsSchema(at).safeParse(post.data);
  if (details.success) return { kind: "decided", decision: { status: details.data.cardNumber.outcome } };
  const fieldErrors = z.flattenError(details.error).fieldErrors;
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]]),
  ) as Partial<Record<CardField, string>>;
  return { kind: "invalid", form: { method: "creditcard", values, errors } };
}

/** The card form's rules; `at` decides which expiry dates are in the past. */
function cardDetailsSchema(at: Date) {
  return z.object({
    cardNumber: z.string().transform((input, context): TestCard => {
      const digits = normaliseCardNumber(input);
      if (!digits || !isLuhnValid(digits)) {
        context.addIssue({ code: "custom", message: text.cardInvalid });
        return z.NEVER;
      }
      const card = TEST_CARDS.find((candidate) => candidate.number === digits);
      if (!card) {
        context.addIssue({ code: "custom", message: text.cardUnknown });
        return z.NEVER;
      }
      return card;
    }),
    cardHolder: z.string().trim().min(1, text.holderMissing),
    expiry: z.string().refine((input) => isValidExpiry(input, at), text.expiryInvalid),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, text.cvcInvalid),
  });
}

const EXPIRY = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/;
/** Cards are issued for at most a few years; a date further out is a typo. */
const MAX_CARD_YEARS_AHEAD = 20;

/** `MM/JJ`: a card works through the last day of that month (here: in Amsterdam). */
function isValidExpiry(input: string, at: Date): boolean {
  const match = EXPIRY.exec(input);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const today = amsterdamFields(at);
  const monthsAhead = (year - today.year) * 12 + (month - today.month);
  return monthsAhead >= 0 && monthsAhead <= MAX_CARD_YEARS_AHEAD * 12;
}

// --- Pages --------------------------------------------------------------------------------------------

/** Markup whose interpolations have been escaped; only `html` creates it. */
class SafeHtml {
  constructor(readonly value: string) {}
}

function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + toHtml(values[index - 1]) + part));
}

function toHtml(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join("");
  if (value === undefined || value === null || value === false) return "";
  return escapeHtml(String(value));
}

type Page = { title: string; body: SafeHtml };

/**
 * No scripts at all, and the one inline `<style>` carries the request's CSP nonce (security-headers.ts),
 * so the page passes the app's policy even if `style-src` drops `'unsafe-inline'` for nonces.
 */
function sendPage(res: Response, status: number, page: Page): void {
  const nonce = typeof res.locals.nonce === "string" ? res.locals.nonce : undefined;
  const document = html`<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title} — ${text.siteName}</title>
<style${nonce ? html` nonce="${nonce}"` : ""}>${new SafeHtml(STYLES)}</style>
</head>
<body>
<p class="test-banner" role="note"><strong>${text.testBanner}</strong></p>
<main>
${page.body}
</main>
</body>
</html>
`;
  res.status(status).type("html").send(document.value);
}

function openPage(payment: StoredPayment, form: FormState, action: string): Page {
  const title = form.method === "ideal" ? text.idealTitle : text.cardTitle;
  const hasErrors = Object.values(form.errors).some(Boolean);
  return {
    title,
    body: html`<h1>${title}</h1>
${summary(payment)}
${hasErrors ? html`<div class="error-summary" role="alert"><p>${text.errorSummary}</p></div>` : ""}
<form method="post" action="${action}" novalidate>
${form.method === "ideal" ? idealFields(form) : cardFields(form)}
</form>
${form.method === "creditcard" ? testCards() : ""}`,
  };
}

function summary(payment: StoredPayment): SafeHtml {
  return html`<dl class="summary">
<div><dt>${text.merchant}</dt><dd>${MERCHANT_NAME}</dd></div>
<div><dt>${text.description}</dt><dd>${payment.description}</dd></div>
<div><dt>${text.amount}</dt><dd class="amount">${formatEuroCents(payment.amountCents)}</dd></div>
</dl>`;
}

function idealFields(form: Extract<FormState, { method: "ideal" }>): SafeHtml {
  const selected = findIdealIssuer(form.issuer)?.id;
  const options = IDEAL_ISSUERS.map(
    (issuer) =>
      html`<option value="${issuer.id}"${issuer.id === selected ? " selected" : ""}>${issuer.name}</option>`,
  );
  return html`<div class="field">
<label for="issuer">${text.chooseBank}</label>
${fieldError("issuer", form.errors.issuer)}
<select id="issuer" name="issuer"${invalidAttributes("issuer", form.errors.issuer, true)}>
<option value="">${text.bankPlaceholder}</option>
${options}
</select>
</div>
<div class="actions">
<button type="submit" name="action" value="approve" class="primary">${text.approve}</button>
<button type="submit" name="action" value="fail">${text.fail}</button>
<button type="submit" name="action" value="cancel">${text.cancel}</button>
</div>`;
}

function cardFields(form: Extract<FormState, { method: "creditcard" }>): SafeHtml {
  const firstError = (["cardNumber", "cardHolder", "expiry", "cvc"] as const).find(
    (field) => form.errors[field],
  );
  // Autofill is off: this page must never invite a browser to fill in a real card.
  const input = (field: CardField, label: string, extra: SafeHtml | "" = "") => html`<div class="field">
<label for="${field}">${label}</label>
${fieldError(field, form.errors[field])}
<input id="${field}" name="${field}" type="text" autocomplete="off"${extra} value="${
    field === "cvc" ? "" : (form.values[field] ?? "")
  }"${invalidAttributes(field, form.errors[field], field === firstError)}>
</div>`;
  return html`${input("cardNumber", text.cardNumber, html` inputmode="numeric"`)}
${input("cardHolder", text.cardHolder)}
${input("expiry", text.expiry, html` inputmode="numeric" class="short"`)}
${input("cvc", text.cvc, html` inputmode="numeric" class="short"`)}
<div class="actions">
<button type="submit" name="action" value="approve" class="primary">${text.pay}</button>
<button type="submit" name="action" value="cancel">${text.cancel}</button>
</div>`;
}

function fieldError(field: string, message: string | undefined): SafeHtml | "" {
  return message ? html`<p class="error" id="${field}-error">${message}</p>` : "";
}

function invalidAttributes(field: string, message: string | undefined, focus: boolean): SafeHtml | "" {
  if (!message) return "";
  return html` aria-invalid="true" aria-describedby="${field}-error"${focus ? " autofocus" : ""}`;
}

function testCards(): SafeHtml {
  const rows = TEST_CARDS.map(
    (card) =>
      html`<tr><td>${card.number.replace(/(\d{4})(?=\d)/g, "$1 ")}</td><td>${
        card.outcome === "paid" ? text.outcomePaid : text.outcomeFailed
      }</td></tr>`,
  );
  return html`<section class="test-cards" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">${text.testCardsTitle}</h2>
<table>
<thead><tr><th scope="col">${text.testCardColumn}</th><th scope="col">${text.outcomeColumn}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p>${text.testCardsHint}</p>
</section>`;
}

function finishedPage(payment: StoredPayment): Page {
  const title = text.finished[payment.status as Exclude<PaymentStatus, "open">];
  return {
    title,
    body: html`<h1>${title}</h1>
${summary(payment)}
<p>${text.finishedHint}</p>
<p><a class="button primary" href="${payment.returnUrl}">${text.backToShop}</a></p>`,
  };
}

function notFoundPage(): Page {
  return {
    title: text.notFoundTitle,
    body: html`<h1>${text.notFoundTitle}</h1>
<p>${text.notFoundHint}</p>`,
  };
}

function badRequestPage(): Page {
  return {
    title: text.badRequestTitle,
    body: html`<h1>${text.badRequestTitle}</h1>
<p>${text.badRequestHint}</p>`,
  };
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f3f4f6}
.test-banner{margin:0;padding:.75rem 1rem;background:#fde68a;color:#1a1a1a;text-align:center;border-bottom:2px solid #b45309}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{margin-top:0;font-size:1.5rem}
h2{font-size:1.125rem}
.summary{margin:0 0 1.5rem}
.summary div{display:flex;justify-content:space-between;gap:1rem;padding:.375rem 0;border-bottom:1px solid #e5e7eb}
.summary dt{color:#4b5563}
.summary dd{margin:0;text-align:right}
.amount{font-weight:700;font-size:1.25rem}
.field{margin-bottom:1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input,select{width:100%;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:.25rem;background:#fff}
input.short{max-width:10rem}
[aria-invalid="true"]{border:2px solid #b91c1c}
.error{margin:0 0 .25rem;color:#b91c1c;font-weight:600}
.error-summary{margin-bottom:1rem;padding:.75rem;border-left:4px solid #b91c1c;background:#fef2f2}
.error-summary p{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.5rem}
button,.button{display:inline-block;padding:.625rem 1rem;font:inherit;font-weight:600;border:1px solid #374151;border-radius:.25rem;background:#fff;color:#1a1a1a;text-decoration:none;cursor:pointer}
.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.375rem;border-bottom:1px solid #e5e7eb}
td:first-child{font-family:ui-monospace,monospace;white-space:nowrap}
.test-cards{margin-top:2rem}
`;
