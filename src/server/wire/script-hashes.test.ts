import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashTrustedScripts, sha256Source } from "./script-hashes";

const NONCE = "q1w2e3r4t5y6u7i8o9p0Aa==";

const page = (head: string, body = "") =>
  Buffer.from(`<!DOCTYPE html><html lang="nl"><head>${head}</head><body>${body}</body></html>`);

const hashed = (html: Buffer, nonce = NONCE) => {
  const result = hashTrustedScripts(html, nonce);
  if (!result) throw new Error("expected a hashed page");
  return { html: result.html.toString("utf8"), scriptHashes: result.scriptHashes };
};

describe("sha256Source", () => {
  it("is the CSP hash source of the script's text (the example of the CSP specification)", () => {
    expect(sha256Source("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
    expect(sha256Source("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });

  it("hashes the UTF-8 bytes, as browsers do", () => {
    expect(sha256Source("é€")).toBe("'sha256-8BZXERRf1DFQCP6x9YnrdfY/s4JBe+B4Khwcq0GLwMQ='");
  });
});

describe("hashTrustedScripts", () => {
  it("names each inline script that carried the nonce by its hash and removes every nonce attribute", () => {
    const result = hashed(
      page(
        `<link rel="modulepreload" href="/assets/entry.js" nonce="${NONCE}"/><script nonce="${NONCE}">window.a=1;</script>`,
        `<script nonce="${NONCE}" type="module" async="">import("/assets/entry.js");</script>`,
      ),
    );
    expect(result.scriptHashes).toEqual([
      sha256Source("window.a=1;"),
      sha256Source('import("/assets/entry.js");'),
    ]);
    expect(result.html).toBe(
      page(
        `<link rel="modulepreload" href="/assets/entry.js"/><script>window.a=1;</script>`,
        `<script type="module" async="">import("/assets/entry.js");</script>`,
      ).toString(),
    );
    expect(result.html).not.toContain("nonce");
  });

  it("gives no hash to scripts that had no nonce: data blocks and anything injected into the markup", () => {
    const result = hashed(
      page(
        `<script type="application/ld+json">{"@type":"FAQPage"}</script><script nonce="${NONCE}">ok()</script>`,
        `<div><script>evil()</script><script nonce="guessed">evil()</script></div>`,
      ),
    );
    expect(result.scriptHashes).toEqual([sha256Source("ok()")]);
  });

  it("lists a script that occurs twice once", () => {
    const script = `<script nonce="${NONCE}">same()</script>`;
    expect(hashed(page(script, script)).scriptHashes).toEqual([sha256Source("same()")]);
  });

  it("reads the text as a browser does: to the first </script, whatever the attribute values hold", () => {
    const result = hashed(
      page(
        `<script data-x="a>b" nonce="${NONCE}">one()</script ><script nonce="${NONCE}">\n  two("é");\n</SCRIPT>`,
      ),
    );
    expect(result.scriptHashes).toEqual([sha256Source("one()"), sha256Source('\n  two("é");\n')]);
  });

  it("keeps a page as it is when it has no nonce at all", () => {
    const html = page(`<script type="application/ld+json">{}</script>`, "<p>tekst</p>");
    expect(hashed(html)).toEqual({ html: html.toString(), scriptHashes: [] });
  });

  it("refuses a page that cannot do without its nonce", () => {
    // A trusted external script: the hash of the element's (empty) text would not allow its source.
    expect(hashTrustedScripts(page(`<script nonce="${NONCE}" src="/x.js"></script>`), NONCE)).toBeUndefined();
    // The nonce elsewhere than in a nonce attribute would still be sent to everyone.
    expect(hashTrustedScripts(page("", `<p>${NONCE}</p>`), NONCE)).toBeUndefined();
    expect(hashTrustedScripts(page(`<script nonce="">x()</script>`), "")).toBeUndefined();
  });

  it("hashes exactly the trusted scripts' texts, whatever they hold, and leaves no nonce (property)", () => {
    const scriptText = fc
      .string({ unit: "grapheme", maxLength: 60 })
      .filter((text) => !/<\/script/i.test(text));
    const script = fc.record({ text: scriptText, trusted: fc.boolean() });
    fc.assert(
      fc.property(fc.array(script, { maxLength: 8 }), (scripts) => {
        const markup = scripts
          .map(({ text, trusted }) => `<script${trusted ? ` nonce="${NONCE}"` : ""}>${text}</script>`)
          .join("<p>x</p>");
        const result = hashed(page("", markup));
        const expected = new Set(scripts.filter((s) => s.trusted).map((s) => sha256Source(s.text)));
        expect(new Set(result.scriptHashes)).toEqual(expected);
        expect(result.scriptHashes).toHaveLength(expected.size);
        expect(result.html).not.toContain(NONCE);
      }),
    );
  });
});
