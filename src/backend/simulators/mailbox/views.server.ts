import { mailboxSimulator as text } from "@/src/lib/messages";
import { html, type SafeHtml } from "../payments/safe-html";
import { messagePage, type Page, renderDocument as renderSimulatorDocument } from "../payments/views.server";

/** The mailbox simulator's pages: plain HTML in the simulators' document, without scripts. */

export type { Page };

/** A wider page than the payment forms: e-mails are 600 pixels wide. */
const MAILBOX_STYLES = `
main.mailbox{max-width:56rem}
.mailbox h1,.mailbox h2,.mailbox a{overflow-wrap:break-word}
.mailbox ul.messages{list-style:none;padding:0;margin:0 0 1.5rem}
.mailbox ul.messages li{padding:.5rem 0;border-bottom:1px solid #e5e7eb;display:flex;gap:1rem;flex-wrap:wrap;justify-content:space-between}
.mailbox time{color:#4b5563;font-size:.9rem}
.mailbox iframe{width:100%;height:42rem;border:1px solid #d1d5db;border-radius:.25rem;background:#fff}
.mailbox pre{white-space:pre-wrap;overflow-wrap:break-word;background:#f9fafb;padding:1rem;border-radius:.25rem}
.mailbox dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem}
.mailbox dt{font-weight:600}.mailbox dd{margin:0;overflow-wrap:break-word}
@media (max-width:30rem){.mailbox dl{grid-template-columns:minmax(0,1fr);gap:0}.mailbox dd{margin-bottom:.5rem}}
.mailbox table{border-collapse:collapse;font-size:.85rem;width:100%}
.mailbox th,.mailbox td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-bottom:1px solid #e5e7eb;overflow-wrap:anywhere}
.mailbox form.filter{display:flex;gap:.5rem;flex-wrap:wrap;align-items:end;margin-bottom:1rem}
`;

export function renderDocument(page: Page, nonce: string | undefined): string {
  return renderSimulatorDocument(page, nonce, {
    siteName: text.siteName,
    testBanner: text.testBanner,
    extraStyles: MAILBOX_STYLES,
    mainClass: "mailbox",
  });
}

export type MessageSummary = { id: number; recipient: string; subject: string; receivedAt: Date };

const dateTime = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Europe/Amsterdam",
});

function when(date: Date): SafeHtml {
  return html`<time datetime="${date.toISOString()}">${dateTime.format(date)}</time>`;
}

/**
 * An e-mail address that may wrap only after its "@" and before its dots (`<wbr>`), never inside a part:
 * a long address in a heading at 320 px breaks where a reader expects it.
 */
function breakableAddress(address: string): SafeHtml {
  const parts = address.split(/(?=\.)|(?<=@)/);
  return html`${parts.map((part, index) => (index === 0 ? html`${part}` : html`<wbr>${part}`))}`;
}

/** Every message by recipient (the recipient of the newest first), newest first within each. */
export function listPage(basePath: string, messages: readonly MessageSummary[], filter: string): Page {
  const byRecipient = new Map<string, MessageSummary[]>();
  for (const message of messages) {
    byRecipient.set(message.recipient, [...(byRecipient.get(message.recipient) ?? []), message]);
  }
  const groups = [...byRecipient.entries()].map(
    ([recipient, list]) => html`<section aria-label="${recipient}">
<h2>${breakableAddress(recipient)} ${text.recipientCount(list.length)}</h2>
<ul class="messages">
${list.map(
  (message) =>
    html`<li><a href="${basePath}/${message.id}">${message.subject || "(geen onderwerp)"}</a> ${when(message.receivedAt)}</li>\n`,
)}</ul>
</section>`,
  );
  return {
    title: text.title,
    body: html`<h1>${text.title}</h1>
<p>${text.intro}</p>
<p><a href="${basePath}/voorbeelden">${text.previewsLink}</a></p>
<form class="filter" method="get" action="${basePath}">
<div class="field"><label for="aan">${text.filterLabel}</label>
<input id="aan" name="aan" type="email" autocomplete="off" value="${filter}"></div>
<button type="submit">${text.filter}</button>
${filter ? html`<a href="${basePath}">${text.showAll}</a>` : ""}
</form>
${groups.length === 0 ? html`<p>${text.empty}</p>` : groups}`,
  };
}

export type ShownMessage = {
  subject: string;
  from: string;
  to: string;
  receivedAt?: Date;
  hasHtml: boolean;
  text: string | null;
  headers: readonly [string, string][];
};

/** One message: its HTML in a sandboxed frame (served by `htmlPath`), its text part and its headers. */
export function messagePageOf(message: ShownMessage, htmlPath: string, backPath: string): Page {
  return {
    title: message.subject || text.title,
    body: html`<p><a href="${backPath}">${text.backToMailbox}</a></p>
<h1>${message.subject}</h1>
<dl>
<dt>${text.from}</dt><dd>${message.from}</dd>
<dt>${text.to}</dt><dd>${message.to}</dd>
${message.receivedAt ? html`<dt>${text.received}</dt><dd>${when(message.receivedAt)}</dd>` : ""}
</dl>
<h2>${text.htmlPart}</h2>
${
  message.hasHtml
    ? html`<iframe src="${htmlPath}" title="${text.frameTitle(message.subject)}" sandbox="allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox"></iframe>`
    : html`<p>${text.noHtml}</p>`
}
<h2>${text.textPart}</h2>
${message.text ? html`<pre>${message.text}</pre>` : html`<p>${text.noText}</p>`}
${
  message.headers.length > 0
    ? html`<h2>${text.headers}</h2>
<table><tbody>
${message.headers.map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>\n`)}</tbody></table>`
    : ""
}`,
  };
}

export function previewsPage(basePath: string, kinds: readonly string[]): Page {
  return {
    title: text.previewsTitle,
    body: html`<p><a href="${basePath}">${text.backToMailbox}</a></p>
<h1>${text.previewsTitle}</h1>
<p>${text.previewsIntro}</p>
<ul class="messages">
${kinds.map((kind) => html`<li><a href="${basePath}/voorbeelden/${kind}">${text.kindNames[kind] ?? kind}</a> <code>${kind}</code></li>\n`)}</ul>`,
  };
}

export const notFoundPage = (): Page => messagePage(text.notFoundTitle, text.notFoundHint);

/**
 * The e-mail's own HTML for the frame: links open in the page around it (a person clicks through to the
 * shop), nothing in it runs (the frame's sandbox and the answer's CSP).
 */
export function framedEmailHtml(emailHtml: string): string {
  const base = '<base target="_top">';
  // Links the e-mail opens in a new window open in this page instead, as in a webmail's reading pane.
  const inPage = emailHtml.replace(/\starget=(["'])_blank\1/gi, "");
  return /<head[^>]*>/i.test(inPage)
    ? inPage.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${inPage}`;
}

/** The policy of the framed e-mail: no scripts, no requests but images, and only this site may frame it. */
export const FRAMED_EMAIL_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data: https:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "sandbox allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox",
].join("; ");
