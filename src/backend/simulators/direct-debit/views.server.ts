import { formatEuroCents } from "@/src/lib/format";
import { directDebitSimulator as text } from "@/src/lib/messages";
import { html, type SafeHtml } from "../payments/safe-html";
import { type Page, renderDocument as renderSimulatorDocument } from "../payments/views.server";
import { mayDecide, type StoredDebit } from "./storage.server";

/** The direct-debit simulator's admin page: plain HTML forms, so it works without JavaScript. */

export type { Page };

/** The list is wider than the payment pages' form; its buttons sit side by side. */
const EXTRA_STYLES = `
main.wide{max-width:64rem}
.notice{padding:.75rem;border-left:4px solid #1d4ed8;background:#eff6ff}
td form{display:inline}
td .actions{margin-top:0}
td:first-child{font-family:inherit}
.amount-cell{text-align:right;white-space:nowrap}
`;

/** The payment simulator's document, under this simulator's name and with the list's styles. */
export function renderDocument(page: Page, nonce: string | undefined): string {
  return renderSimulatorDocument(page, nonce, {
    siteName: text.siteName,
    extraStyles: EXTRA_STYLES,
    mainClass: "wide",
  });
}

/** An IBAN as a bank's back office shows it to a tester: country and the last four digits. */
export function maskedIban(iban: string): string {
  const compact = iban.replace(/\s+/g, "");
  return `${compact.slice(0, 2)}•• •••• •••• ${compact.slice(-4)}`;
}

const dateTime = new Intl.DateTimeFormat("nl-NL", {
  timeZone: "Europe/Amsterdam",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

function actions(debit: StoredDebit, basePath: string): SafeHtml {
  const action = `${basePath}/${debit.id}`;
  const button = (value: "approve" | "fail", label: string, primary: boolean) =>
    html`<form method="post" action="${action}"><button type="submit" name="action" value="${value}"${
      primary ? html` class="primary"` : ""
    } aria-label="${label}: ${debit.description}">${label}</button></form>`;
  return html`<div class="actions">${mayDecide(debit, "paid") ? button("approve", text.approve, true) : ""}${
    mayDecide(debit, "failed") ? button("fail", text.fail, false) : ""
  }</div>`;
}

export function listPage(
  debits: readonly StoredDebit[],
  options: { basePath: string; notice?: string; canRunJobs: boolean },
): Page {
  const rows = debits.map(
    (debit) => html`<tr>
<td>${dateTime.format(debit.createdAt)}</td>
<td>${text.kinds[debit.kind]}</td>
<td>${debit.description}</td>
<td>${maskedIban(debit.iban)}</td>
<td class="amount-cell">${formatEuroCents(debit.amountCents)}</td>
<td>${text.status[debit.status]}</td>
<td>${actions(debit, options.basePath)}</td>
</tr>`,
  );
  return {
    title: text.title,
    body: html`<h1>${text.title}</h1>
<p>${text.intro}</p>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : ""}
${
  options.canRunJobs
    ? html`<form method="post" action="${options.basePath}/jobs">
<p>${text.runJobsHint}</p>
<div class="actions"><button type="submit">${text.runJobs}</button></div>
</form>`
    : ""
}
${
  debits.length === 0
    ? html`<p>${text.empty}</p>`
    : html`<table>
<thead><tr><th scope="col">${text.columns.date}</th><th scope="col">${text.columns.kind}</th><th scope="col">${text.columns.description}</th><th scope="col">${
        text.columns.account
      }</th><th scope="col">${text.columns.amount}</th><th scope="col">${text.columns.status}</th><th scope="col">${
        text.columns.actions
      }</th></tr></thead>
<tbody>${rows}</tbody>
</table>`
}`,
  };
}

export function notFoundPage(basePath: string): Page {
  return {
    title: text.notFoundTitle,
    body: html`<h1>${text.notFoundTitle}</h1>
<p>${text.notFoundHint}</p>
<p><a class="button" href="${basePath}">${text.backToList}</a></p>`,
  };
}

export function badRequestPage(basePath: string): Page {
  return {
    title: text.badRequestTitle,
    body: html`<h1>${text.badRequestTitle}</h1>
<p>${text.badRequestHint}</p>
<p><a class="button" href="${basePath}">${text.backToList}</a></p>`,
  };
}
