// `npm run emails:preview`: every kind of e-mail rendered with its sample data (src/backend/emails/samples.ts)
// into `build/email-previews/` (`<kind>.html`, `<kind>.txt` and an `index.html` linking them), to open in a
// browser or a mail client without starting the shop. With the shop running, `/postbus/voorbeelden` shows
// the same.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderEmail } from "@/src/backend/emails/render.server";
import { EMAIL_SAMPLES } from "@/src/backend/emails/samples";
import { EMAIL_KIND_NAMES, type EmailMessage, isMarketing } from "@/src/domain/emails/kinds";
import { escapeHtml } from "@/src/lib/html";
import { mailboxSimulator } from "@/src/lib/messages";

const shopUrl = process.env.BASE_URL ?? "http://localhost:3000";
const out = path.resolve("build/email-previews");
await mkdir(out, { recursive: true });
const links: string[] = [];
for (const kind of EMAIL_KIND_NAMES) {
  const rendered = await renderEmail({ kind, data: EMAIL_SAMPLES[kind] } as EmailMessage, {
    shopUrl,
    unsubscribeUrl: isMarketing(kind) ? `${shopUrl}/afmelden?token=voorbeeld` : undefined,
  });
  await writeFile(path.join(out, `${kind}.html`), rendered.html);
  await writeFile(path.join(out, `${kind}.txt`), `Onderwerp: ${rendered.subject}\n\n${rendered.text}\n`);
  const name = escapeHtml(mailboxSimulator.kindNames[kind] ?? kind);
  links.push(`<li><a href="${kind}.html">${name}</a> (<a href="${kind}.txt">tekst</a>)</li>`);
}
await writeFile(
  path.join(out, "index.html"),
  `<!doctype html><html lang="nl"><meta charset="utf-8"><title>${mailboxSimulator.previewsTitle}</title><h1>${mailboxSimulator.previewsTitle}</h1><ul>${links.join("")}</ul></html>\n`,
);
process.stdout.write(`${EMAIL_KIND_NAMES.length} e-mails rendered: ${path.join(out, "index.html")}\n`);
