import { createHash } from "node:crypto";

/**
 * A `<script>` element: its start tag (quoted attribute values may hold `>`) and its text, which in HTML
 * runs to the first `</script` followed by whitespace, `/` or `>`.
 */
const SCRIPT_ELEMENT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script(?=[\s/>])/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/** The CSP source that allows an inline script with exactly this text: `'sha256-…'` over its UTF-8 bytes. */
export function sha256Source(scriptText: string): string {
  return `'sha256-${createHash("sha256").update(scriptText, "utf8").digest("base64")}'`;
}

export type HashedPage = { html: Buffer; scriptHashes: readonly string[] };

/**
 * Turns a page rendered with a one-off nonce into one that may be sent to everyone (the page cache, the
 * prerendered pages): every inline script that carried the nonce, i.e. the scripts the app and React
 * Router mean to run, is named by the hash of its text instead, and every nonce attribute is removed.
 * A script without the nonce (a JSON-LD data block, anything that slipped into the markup) gets no hash,
 * just as it got no nonce. Runs once per cached page, never per request.
 *
 * Undefined when the page cannot do without its nonce: a trusted external script (`src`), which a
 * hash of the element's text cannot name, or the nonce anywhere but in a nonce attribute.
 */
export function hashTrustedScripts(html: Buffer, nonce: string): HashedPage | undefined {
  if (nonce === "") return undefined;
  const text = html.toString("utf8");
  const nonceAttribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", scriptText = ""] of text.matchAll(SCRIPT_ELEMENT)) {
    if (!attributes.includes(nonceAttribute)) continue;
    if (SRC_ATTRIBUTE.test(attributes)) return undefined;
    hashes.add(sha256Source(scriptText));
  }
  const withoutNonce = text.replaceAll(nonceAttribute, "");
  if (withoutNonce.includes(nonce)) return undefined;
  return { html: Buffer.from(withoutNonce, "utf8"), scriptHashes: [...hashes] };
}
