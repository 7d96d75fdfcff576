import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const link = (id: string) => ({ sys: { type: "Link", linkType: "Entry", id } });
const entry = (id: string, type: string, fields: Record<string, unknown>) => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } }, updatedAt: "2026-11-20T10:00:00Z" },
  fields,
});

/**
 * A writable copy of the seed content plus broken entries an editor could make: a block without its
 * required title, a block of an unknown type, markdown with a `javascript:` link and a data image, and a
 * page naming a middleware that does not exist.
 */
export function contentFixture(): {
  dir: string;
  write: (file: string, json: unknown) => void;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kl-content-"));
  cpSync(path.resolve("content"), dir, { recursive: true });
  const write = (file: string, json: unknown) =>
    writeFileSync(path.join(dir, file), `${JSON.stringify(json, null, 2)}\n`);
  write("entries/hero-kapot.json", entry("hero-kapot", "hero", { text: "Een hero zonder titel" }));
  write("entries/raar-blok.json", entry("raar-blok", "mysteryBlock", { title: "Onbekend" }));
  write("entries/hero-test.json", entry("hero-test", "hero", { title: "Een geldige hero blijft staan" }));
  write(
    "entries/markdown-test.json",
    entry("markdown-test", "markdownText", {
      body: "Lees [klik hier](javascript:alert(1)) of ![pixel](data:image/png;base64,iVBORw0KGgo=) en [mail ons](mailto:info@kroonloterij.example).",
    }),
  );
  write(
    "entries/page-test-kapot.json",
    entry("page-test-kapot", "page", {
      title: "Testpagina met fouten",
      path: "/test-kapot",
      blocks: [
        link("hero-test"),
        link("hero-kapot"),
        link("raar-blok"),
        link("bestaat-niet"),
        link("markdown-test"),
      ],
    }),
  );
  write(
    "entries/page-test-middleware.json",
    entry("page-test-middleware", "page", {
      title: "Alleen voor VIP",
      path: "/test-vip",
      middleware: ["vip"],
      blocks: [link("hero-test")],
    }),
  );
  return { dir, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
