import { idinSimulator as text } from "@/src/lib/messages";
import { html, type SafeHtml } from "../payments/safe-html";
import { messagePage, type Page, renderDocument as renderSimulatorDocument } from "../payments/views.server";
import { findIdinIssuer } from "./issuers";
import type { StoredAuthentication } from "./storage.server";

/** The simulated bank's pages: plain HTML forms in the payment simulator's document, without scripts. */

export type { Page };

export function renderDocument(page: Page, nonce: string | undefined): string {
  return renderSimulatorDocument(page, nonce, { siteName: text.siteName, testBanner: text.testBanner });
}

/** What the share form shows: the values to share and what is wrong with them. */
export type ShareForm = {
  name: string;
  birthDate: string;
  errors: { name?: string; birthDate?: string };
};

export function loginPage(authentication: StoredAuthentication, action: string): Page {
  return {
    title: text.loginTitle,
    body: html`<h1>${text.loginTitle}</h1>
${bankSummary(authentication)}
<p>${text.loginHint(bankName(authentication))}</p>
<form method="post" action="${action}" novalidate>
<div class="field">
<label for="username">${text.username}</label>
<input id="username" name="username" type="text" autocomplete="off" value="">
</div>
<div class="field">
<label for="password">${text.password}</label>
<input id="password" name="password" type="password" autocomplete="off" value="">
</div>
<p>${text.loginHelp}</p>
<div class="actions">
<button type="submit" name="action" value="login" class="primary">${text.login}</button>
<button type="submit" name="action" value="cancel">${text.cancel}</button>
</div>
</form>`,
  };
}

/** `token` proves the post comes from this page, shown after logging in (see routes.server.ts). */
export function sharePage(
  authentication: StoredAuthentication,
  form: ShareForm,
  action: string,
  token: string,
): Page {
  const hasErrors = Boolean(form.errors.name || form.errors.birthDate);
  const firstError = form.errors.name ? "name" : form.errors.birthDate ? "birthDate" : undefined;
  const input = (field: "name" | "birthDate", label: string, type: string) => html`<div class="field">
<label for="${field}">${label}</label>
${fieldError(field, form.errors[field])}
<input id="${field}" name="${field}" type="${type}" autocomplete="off" value="${form[field]}"${
    form.errors[field]
      ? html` aria-invalid="true" aria-describedby="${field}-error"${firstError === field ? " autofocus" : ""}`
      : ""
  }>
</div>`;
  return {
    title: text.shareTitle,
    body: html`<h1>${text.shareTitle}</h1>
${bankSummary(authentication)}
<p>${text.shareHint}</p>
${hasErrors ? html`<div class="error-summary" role="alert"><p>${text.errorSummary}</p></div>` : ""}
<form method="post" action="${action}" novalidate>
<input type="hidden" name="token" value="${token}">
${input("name", text.name, "text")}
${input("birthDate", text.birthDate, "date")}
<div class="actions">
<button type="submit" name="action" value="approve" class="primary">${text.share}</button>
<button type="submit" name="action" value="cancel">${text.cancel}</button>
<button type="submit" name="action" value="fail">${text.fail}</button>
</div>
</form>`,
  };
}

export function finishedPage(authentication: StoredAuthentication, backUrl: string): Page {
  const title = text.finished[authentication.status as Exclude<StoredAuthentication["status"], "open">];
  return {
    title,
    body: html`<h1>${title}</h1>
${bankSummary(authentication)}
<p>${text.finishedHint}</p>
<p><a class="button primary" href="${backUrl}">${text.backToShop}</a></p>`,
  };
}

export const notFoundPage = (): Page => messagePage(text.notFoundTitle, text.notFoundHint);

export const badRequestPage = (): Page => messagePage(text.badRequestTitle, text.badRequestHint);

function bankName(authentication: StoredAuthentication): string {
  return findIdinIssuer(authentication.issuerId)?.name ?? authentication.issuerId;
}

function bankSummary(authentication: StoredAuthentication): SafeHtml {
  return html`<dl class="summary">
<div><dt>${text.bank}</dt><dd>${bankName(authentication)}</dd></div>
</dl>`;
}

function fieldError(field: string, message: string | undefined): SafeHtml | "" {
  return message ? html`<p class="error" id="${field}-error">${message}</p>` : "";
}
