import { findIdealIssuer, IDEAL_ISSUERS } from "@/src/domain/payments/ideal-issuers";
import type { PaymentStatus } from "@/src/domain/payments/payment-provider";
import { formatEuroCents } from "@/src/lib/format";
import { paymentSimulator as text } from "@/src/lib/messages";
import type { CardField, FormState } from "./form-posts.server";
import { html, SafeHtml } from "./safe-html";
import type { StoredPayment } from "./storage.server";
import { SIMULATOR_STYLES } from "./styles";
import { TEST_CARDS } from "./test-cards";

/** The simulator's pages: plain HTML forms, so they work without JavaScript. */

export type Page = { title: string; body: SafeHtml };

/** What another simulator (direct debits) changes in the shared document: its name and some styles. */
export type DocumentOptions = {
  siteName?: string;
  testBanner?: string;
  extraStyles?: string;
  mainClass?: string;
};

/**
 * The whole document. No scripts at all, and the one inline `<style>` carries the request's CSP nonce
 * (security-headers.ts), so the page passes the app's policy even if `style-src` drops `'unsafe-inline'`.
 */
export function renderDocument(page: Page, nonce: string | undefined, options: DocumentOptions = {}): string {
  const { siteName = text.siteName, testBanner = text.testBanner, extraStyles = "", mainClass } = options;
  return html`<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title} — ${siteName}</title>
<style${nonce ? html` nonce="${nonce}"` : ""}>${new SafeHtml(SIMULATOR_STYLES + extraStyles)}</style>
</head>
<body>
<p class="test-banner" role="note"><strong>${testBanner}</strong></p>
<main${mainClass ? html` class="${mainClass}"` : ""}>
${page.body}
</main>
</body>
</html>
`.value;
}

/** An open payment's form; `action` is the page's own address. */
export function openPage(payment: StoredPayment, form: FormState, action: string): Page {
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

export function finishedPage(payment: StoredPayment): Page {
  const title = text.finished[payment.status as Exclude<PaymentStatus, "open">];
  return {
    title,
    body: html`<h1>${title}</h1>
${summary(payment)}
<p>${text.finishedHint}</p>
<p><a class="button primary" href="${payment.returnUrl}">${text.backToShop(text.merchantName)}</a></p>`,
  };
}

/** A page that only says something: its heading and one line (no such payment, a request it cannot handle). */
export function messagePage(title: string, hint: string): Page {
  return {
    title,
    body: html`<h1>${title}</h1>
<p>${hint}</p>`,
  };
}

export const notFoundPage = (): Page => messagePage(text.notFoundTitle, text.notFoundHint);

export const badRequestPage = (): Page => messagePage(text.badRequestTitle, text.badRequestHint);

function summary(payment: StoredPayment): SafeHtml {
  return html`<dl class="summary">
<div><dt>${text.merchant}</dt><dd>${text.merchantName}</dd></div>
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
