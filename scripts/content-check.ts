// `npm run content:check [--preview] [--screenshots DIR]` (DESIGN section 4): loads every page of the
// configured content source, validates every entry, renders every page through the real SSR, checks
// internal links, and exits non-zero with a report naming entry, field and problem.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { contentCatalog } from "@/blocks/registry.server";
import type { ContentNotice } from "@/content-models/resolved";
import { contentNotices, contentCheck as say } from "@/src/lib/messages/content-editor";
import { PREVIEW_COOKIE, previewCookieValue } from "@/src/shop/cms/preview.server";
import { loadContentFiles } from "@/src/shop/cms/source/content-files.server";

type Finding = { severity: "error" | "warning"; where: string; message: string };

import { CHROMIUM_ARGS, startBuiltServer } from "./built-server";
import { HEADLESS_CHROMIUM } from "./ensure-chromium.mjs";

const { values } = parseArgs({
  options: { preview: { type: "boolean", default: false }, screenshots: { type: "string" } },
});
const preview = values.preview ?? false;
const findings: Finding[] = [];
const report = (severity: Finding["severity"], where: string, message: string) =>
  findings.push({ severity, where, message });
/** "Hero 'Win een auto' (item hero-kapot)": an entry as its editor knows it, with its id to find it by. */
const entryLabel = (id: string, name?: string) => (name ? `${name} (${say.entry(id)})` : say.entry(id));
const entryNameOf = (type: string, fields: Record<string, unknown>) => {
  const model = contentCatalog.getContentModel(type);
  const title = model && fields[model.displayField];
  return model && contentNotices.entryName(model.name, typeof title === "string" ? title : undefined);
};
const fromNotice = (page: string, notice: ContentNotice) =>
  report(
    notice.severity,
    `${say.page(page)} · ${entryLabel(notice.entryId, notice.entryName)}`,
    notice.message,
  );

const secret = process.env.SESSION_SECRET ?? "content-check-secret-content-check-secret";
const server = await startBuiltServer({ SESSION_SECRET: secret });
const cookie = preview ? `${PREVIEW_COOKIE}=${previewCookieValue(secret, Date.now() + 3_600_000)}` : "";

try {
  const { cms, config } = server.services;

  // 1. Every entry parses with its model, as delivered (links resolved); files that are not entries fail.
  if (config.content.source === "local") {
    const files = await loadContentFiles(config.content.dir);
    for (const problem of files.problems) report("error", problem.file, problem.message);
    for (const entry of [...files.entries.values(), ...(preview ? files.drafts.values() : [])]) {
      const type = entry.sys.contentType.sys.id;
      if (!contentCatalog.getContentModel(type))
        report("error", say.entry(entry.sys.id), say.unknownContentType(type));
    }
  }
  for (const type of contentCatalog.contentTypeIds) {
    const model = contentCatalog.getContentModel(type);
    for (const entry of await cms.source.getEntriesOfType(type, { preview })) {
      const parsed = model?.schema.safeParse(entry.fields);
      const where = entryLabel(entry.sys.id, entryNameOf(type, entry.fields));
      // Each message names its field by its Dutch name (content-models/define.ts).
      for (const issue of parsed?.error?.issues ?? []) report("error", where, issue.message);
    }
  }

  // 2. Every page resolves and renders through SSR; its internal links answer.
  const pages = await cms.listPages(preview);
  const linkTargets = new Map<string, string>();
  for (const entry of pages) {
    const pagePath = String(entry.fields.path ?? "");
    const page = await cms.getPage(pagePath, { preview });
    if (!page) {
      report("error", `${say.page(pagePath)} · ${say.entry(entry.sys.id)}`, say.pageInvalid);
      continue;
    }
    for (const notice of page.notices) fromNotice(pagePath, notice);
    const response = await fetch(`${server.url}${pagePath}`, { redirect: "manual", headers: { cookie } });
    const protectedPage = page.middleware.includes("auth") && response.status === 302;
    if (response.status !== 200 && !protectedPage) {
      report("error", say.page(pagePath), say.renderFailed(response.status));
      continue;
    }
    const html = await response.text();
    for (const match of html.matchAll(/href="(\/[^"#?]*)[^"]*"/g)) {
      const target = match[1] ?? "/";
      if (!target.startsWith("/assets/") && !target.startsWith("/api/")) linkTargets.set(target, pagePath);
    }
  }
  for (const [target, source] of linkTargets) {
    const response = await fetch(`${server.url}${target}`, { redirect: "manual", headers: { cookie } });
    if (response.status >= 400)
      report("error", `${say.page(source)} · ${say.link(target)}`, say.brokenLink(response.status));
  }

  // 3. Optional screenshots of every page, in Debian's Chromium.
  if (values.screenshots) {
    const { chromium } = await import("@playwright/test");
    mkdirSync(values.screenshots, { recursive: true });
    const browser = await chromium.launch({
      executablePath: HEADLESS_CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (cookie)
      await context.addCookies([
        { name: PREVIEW_COOKIE, value: cookie.split("=")[1] ?? "", url: server.url },
      ]);
    const tab = await context.newPage();
    for (const entry of pages) {
      const pagePath = String(entry.fields.path ?? "/");
      await tab.goto(`${server.url}${pagePath}`);
      await tab.screenshot({
        path: path.join(
          values.screenshots,
          `${pagePath === "/" ? "home" : pagePath.slice(1).replace(/\//g, "_")}.png`,
        ),
        fullPage: true,
      });
    }
    await browser.close();
  }

  const errors = findings.filter((finding) => finding.severity === "error");
  const warnings = findings.filter((finding) => finding.severity === "warning");
  console.log(say.summary(config.content.source, preview, pages.length, linkTargets.size));
  const width = Math.max(say.error.length, say.warning.length);
  for (const finding of [...errors, ...warnings]) {
    const severity = finding.severity === "error" ? say.error : say.warning;
    console.log(`${severity.padEnd(width)} ${finding.where}: ${finding.message}`);
  }
  console.log(say.totals(errors.length, warnings.length));
  process.exitCode = errors.length > 0 ? 1 : 0;
} finally {
  await server.shutdown();
}
