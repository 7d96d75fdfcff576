/**
 * Markdown → HTML for CMS content (spec §5 and §9). Server only: the `.server.ts` suffix keeps this module,
 * and markdown-it with it, out of the client bundles; pages receive the rendered HTML.
 *
 * Trust model: the markdown comes from editors in our CMS, never from players. Raw HTML is allowed because
 * the product's markdown relies on it (spec §5), but an editor account can be phished or a copy-paste can
 * carry more than intended, so what raw HTML can do is cut down to an allow-list of harmless tags and
 * attributes (see `RawHtmlSanitizer`). This is defence in depth, not a sanitiser for untrusted input.
 *
 * What markdown-it is configured with:
 * - `html: true`, `linkify: true`, `typographer: true` with Dutch quotes „…” and ‚…’ (the traditional Dutch
 *   typesetting convention; “…”/‘…’ is also common in Dutch, and is a one-line change of `DUTCH_QUOTES`).
 *   Apostrophes inside words (auto’s, zo’n) become ’ whatever the quotes are.
 *   The `commonmark` and `zero` presets switch the typographer and linkify core rules off by design; the
 *   options are still set, so they apply as soon as those rules are enabled.
 * - `maxNesting`: 100 for the default preset, 20 for `commonmark` and `zero`. Content nested deeper is
 *   dropped rather than rendered.
 * - `validateLink`: links and images whose URL starts with `vbscript:`, `javascript:`, `file:` or `data:`
 *   are rejected (markdown-it then renders the source as plain text), except `data:image/gif`, `png`,
 *   `jpeg` and `webp`. See `isAllowedUrl`.
 * - `normalizeLink`: markdown-it's own (punycode for the host, percent-encoding) with, for http, https and
 *   mailto, a lower-case scheme and host so that `HTTP://Example.COM/Pad` becomes `http://example.com/Pad`.
 *   Protocol-relative links (`//example.com`) keep their form (the page's https applies) with the host
 *   lower-cased; links without a scheme (`loten/kopen`, `example.com`) are relative links, as CommonMark
 *   says. Linkify keeps linkify-it's default of only linking text that has a scheme (`https://…`,
 *   `mailto:…`) or is an e-mail address: a bare `www.example.nl` stays text.
 */
import markdownIt, { type MarkdownIt, type StateCore, type Token } from "markdown-it";
import { isAllowedUrl } from "./link-rules";

export type MarkdownPreset = "default" | "commonmark" | "zero";

export type RenderMarkdownOptions = {
  /** markdown-it preset; `default` unless given. */
  preset?: MarkdownPreset;
};

/** Dutch quotes for the typographer: double „…”, single ‚…’. */
export const DUTCH_QUOTES = "„”‚’";

/** Nesting depth limits of spec §5. */
export const MAX_NESTING: Readonly<Record<MarkdownPreset, number>> = {
  default: 100,
  commonmark: 20,
  zero: 20,
};

/** Renders CMS markdown to HTML with the configured (and cached) markdown-it instance for the preset. */
export function renderMarkdown(source: string, options?: RenderMarkdownOptions): string {
  return getMarkdownIt(options?.preset ?? "default").render(source);
}

// ---------------------------------------------------------------------------------------------------------
// Instances: building one compiles rule chains and linkify regexps, so one per preset per process.

const instances = new Map<MarkdownPreset, MarkdownIt>();

function getMarkdownIt(preset: MarkdownPreset): MarkdownIt {
  let md = instances.get(preset);
  if (md === undefined) {
    md = createMarkdownIt(preset);
    instances.set(preset, md);
  }
  return md;
}

function createMarkdownIt(preset: MarkdownPreset): MarkdownIt {
  const md = markdownIt(preset, {
    html: true,
    linkify: true,
    typographer: true,
    quotes: DUTCH_QUOTES,
    maxNesting: MAX_NESTING[preset],
  });
  const defaultNormalizeLink = md.normalizeLink.bind(md);
  md.validateLink = isAllowedUrl;
  md.normalizeLink = (url) => lowerCaseSchemeAndHost(defaultNormalizeLink(lowerCaseScheme(url)));
  // Last core rule, so it sees the final tokens (after linkify and the typographer).
  md.core.ruler.push("sanitize_raw_html", (state) => sanitizeRawHtmlTokens(state, md));
  return md;
}

// ---------------------------------------------------------------------------------------------------------
// Link validation (spec §5).

/** The link rule of spec section 5, shared with the composer (`src/lib/link-rules.ts`). */
export { isAllowedUrl };

// ---------------------------------------------------------------------------------------------------------
// Link normalisation (spec §9: http, https and mailto).

const NORMALISED_SCHEME = /^[\t\n\f\r ]*(https?|mailto):/i;

/** `HTTP:` → `http:` before markdown-it's normalizeLink, which only punycodes hosts of lower-case schemes. */
function lowerCaseScheme(url: string): string {
  return url.replace(NORMALISED_SCHEME, (_, scheme: string) => `${scheme.toLowerCase()}:`);
}

/** Host names are case-insensitive: lower-case them for http(s), protocol-relative and mailto links. */
function lowerCaseSchemeAndHost(url: string): string {
  const web = /^((?:https?:)?\/\/)([^/?#]*)/i.exec(url);
  if (web) {
    const [whole, prefix = "", authority = ""] = web;
    const at = authority.lastIndexOf("@");
    const host = authority.slice(at + 1).toLowerCase();
    return `${prefix.toLowerCase()}${authority.slice(0, at + 1)}${host}${url.slice(whole.length)}`;
  }
  const mail = /^mailto:([^?#]*)/i.exec(url);
  if (mail) {
    const [whole, addresses = ""] = mail;
    // The local part may be case-sensitive (RFC 5321); the domain is not. `mailto:a@x.nl,b@y.nl` is valid.
    const lowered = addresses
      .split(",")
      .map((address) => {
        const at = address.lastIndexOf("@");
        return at < 0 ? address : address.slice(0, at + 1) + address.slice(at + 1).toLowerCase();
      })
      .join(",");
    return `mailto:${lowered}${url.slice(whole.length)}`;
  }
  return url;
}

// ---------------------------------------------------------------------------------------------------------
// Raw HTML allow-list.

/** Tags kept (with allowed attributes only); any other tag is dropped and its content kept as text. */
const ALLOWED_TAGS = new Set(
  (
    "a abbr address article aside b bdi bdo blockquote br caption cite code col colgroup dd del " +
    "details dfn div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 header hr i img ins kbd li " +
    "mark ol p pre q rp rt ruby s samp section small span strong sub summary sup table tbody td " +
    "tfoot th thead time tr u ul var wbr"
  ).split(" "),
);

/** Elements without an end tag. */
const VOID_TAGS = new Set(["br", "col", "hr", "img", "wbr"]);

/**
 * Elements dropped together with their content. Raw-text elements (the browser does not parse markup in
 * them) run to their end tag; the others nest and are skipped up to the matching end tag.
 * `<embed>`, `<link>`, `<meta>`, `<base>`, form controls and so on are simply not allowed tags.
 */
const RAW_TEXT_DROPPED = new Set([
  "script",
  "style",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
  "textarea",
  "title",
  "xmp",
  "plaintext",
]);
const NESTED_DROPPED = new Set(["object", "applet", "template", "svg", "math", "frameset", "select"]);

/** Attributes allowed on every allowed tag, plus `aria-*`. No `style`, no `on*`, no `data-*`. */
const GLOBAL_ATTRIBUTES = new Set(["class", "id", "title", "lang", "dir", "role"]);

const TAG_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(["href", "target", "rel", "hreflang"]),
  img: new Set(["src", "alt", "width", "height", "loading", "decoding"]),
  blockquote: new Set(["cite"]),
  q: new Set(["cite"]),
  del: new Set(["cite", "datetime"]),
  ins: new Set(["cite", "datetime"]),
  time: new Set(["datetime"]),
  ol: new Set(["start", "reversed", "type"]),
  li: new Set(["value"]),
  td: new Set(["colspan", "rowspan", "headers"]),
  th: new Set(["colspan", "rowspan", "headers", "scope", "abbr"]),
  col: new Set(["span"]),
  colgroup: new Set(["span"]),
  details: new Set(["open"]),
};

/** Attributes holding a URL: validated like markdown links. */
const URL_ATTRIBUTES = new Set(["href", "src", "cite"]);

const LINK_TARGETS = new Set(["_blank", "_self", "_parent", "_top"]);

type Attribute = { name: string; value: string | null };

type Markup =
  | { kind: "start"; name: string; attributes: Attribute[]; selfClosing: boolean; end: number }
  | { kind: "end"; name: string; end: number }
  | { kind: "ignored"; end: number }
  | { kind: "text"; end: number };

/** Where dropped content ends: a raw-text end tag, or the end tag matching `depth` open elements. */
type Skip = { name: string; raw: true } | { name: string; raw: false; depth: number };

/**
 * Rewrites raw HTML to an allow-listed form. Nothing of the input reaches the output unparsed: text is
 * emitted with `<` and `>` escaped, and every kept tag is re-serialised from its parsed name and
 * attributes, with values entity-decoded, checked, and escaped again. So what a browser sees is exactly
 * what was checked, whatever quirks (unquoted values, entities without `;`, stray `<`) the input has.
 * Comments, doctypes, processing instructions and CDATA are dropped. A tag cut off by the end of the
 * fragment is dropped, as browsers do.
 *
 * One instance keeps the "dropping content" state across the `html_inline` tokens of one paragraph, where
 * `<script>`, its text and `</script>` arrive as separate tokens.
 */
class RawHtmlSanitizer {
  private skip: Skip | null = null;

  constructor(private readonly md: MarkdownIt) {}

  /** Whether content is being dropped (inside `<script>…</script>` and the like). */
  get skipping(): boolean {
    return this.skip !== null;
  }

  sanitize(html: string): string {
    let out = "";
    let pos = 0;
    while (pos < html.length) {
      if (this.skip?.raw) {
        pos = this.skipRawText(html, pos, this.skip.name);
        continue;
      }
      const markup = readMarkup(html, pos);
      if (markup.kind === "text") {
        if (this.skip === null) out += escapeText(html.slice(pos, markup.end));
      } else if (this.skip !== null) {
        this.trackSkippedMarkup(markup);
      } else if (markup.kind === "start") {
        out += this.startTag(markup.name, markup.attributes, markup.selfClosing);
      } else if (markup.kind === "end" && ALLOWED_TAGS.has(markup.name) && !VOID_TAGS.has(markup.name)) {
        out += `</${markup.name}>`;
      }
      pos = markup.end;
    }
    return out;
  }

  private skipRawText(html: string, pos: number, name: string): number {
    const lower = html.toLowerCase();
    let from = pos;
    for (;;) {
      const at = lower.indexOf(`</${name}`, from);
      if (at < 0) return html.length;
      const after = html.charAt(at + 2 + name.length);
      if (after === "" || after === ">" || after === "/" || isHtmlSpace(after)) {
        this.skip = null;
        const close = html.indexOf(">", at);
        return close < 0 ? html.length : close + 1;
      }
      from = at + 2;
    }
  }

  private trackSkippedMarkup(markup: Markup): void {
    const skip = this.skip;
    if (skip === null || skip.raw) return;
    if (markup.kind === "start" && markup.name === skip.name && !markup.selfClosing) skip.depth++;
    if (markup.kind === "end" && markup.name === skip.name && --skip.depth === 0) this.skip = null;
  }

  private startTag(name: string, attributes: Attribute[], selfClosing: boolean): string {
    if (RAW_TEXT_DROPPED.has(name)) {
      this.skip = { name, raw: true };
      return "";
    }
    if (NESTED_DROPPED.has(name)) {
      if (!selfClosing) this.skip = { name, raw: false, depth: 1 };
      return "";
    }
    if (!ALLOWED_TAGS.has(name)) return "";

    const kept = new Map<string, string | null>();
    for (const { name: attribute, value } of attributes) {
      if (kept.has(attribute) || !isAllowedAttribute(name, attribute)) continue; // browsers use the first
      if (URL_ATTRIBUTES.has(attribute)) {
        const url = this.safeUrl(value ?? "");
        if (url !== null) kept.set(attribute, url);
      } else {
        kept.set(attribute, value);
      }
    }
    if (name === "img" && !kept.get("src")) return ""; // an image without a (safe) source shows nothing
    if (name === "a") {
      const target = kept.get("target")?.toLowerCase();
      if (target !== undefined && !LINK_TARGETS.has(target)) kept.delete("target");
      if (target === "_blank") {
        const rel = new Set((kept.get("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean));
        rel.add("noopener").add("noreferrer");
        kept.set("rel", [...rel].join(" "));
      }
    }

    const escapeValue = this.md.utils.escapeHtml;
    let tag = `<${name}`;
    for (const [attribute, value] of kept) {
      tag += value === null ? ` ${attribute}` : ` ${attribute}="${escapeValue(value)}"`;
    }
    return `${tag}>`;
  }

  /** The URL as it will be emitted (normalised like markdown links), or null when it is not allowed. */
  private safeUrl(rawValue: string): string | null {
    const url = this.md.normalizeLink(decodeCharacterReferences(this.md, rawValue.trim()));
    return this.md.validateLink(url) ? url : null;
  }
}

function isAllowedAttribute(tag: string, attribute: string): boolean {
  if (attribute.startsWith("on")) return false; // event handlers; never allow-listed, stated for the reader
  if (GLOBAL_ATTRIBUTES.has(attribute) || TAG_ATTRIBUTES[tag]?.has(attribute) === true) return true;
  return /^aria-[a-z]+$/.test(attribute);
}

/**
 * Decodes character references (`&amp;`, `&#106;`, `&#x6A;`) in an attribute value with markdown-it's own
 * decoder. `unescapeAll` also resolves markdown backslash escapes, which mean nothing in HTML, so every
 * backslash is doubled first (it unescapes `\\` back to `\`). References the decoder leaves alone (such as
 * `&#106` without `;`) stay literal and are escaped on output, so the browser sees them literally too.
 */
function decodeCharacterReferences(md: MarkdownIt, value: string): string {
  return md.utils.unescapeAll(value.replaceAll("\\", "\\\\"));
}

function escapeText(text: string): string {
  return text.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function isHtmlSpace(char: string): boolean {
  return char === " " || char === "\t" || char === "\n" || char === "\f" || char === "\r";
}

function isAsciiLetter(char: string): boolean {
  return (char >= "a" && char <= "z") || (char >= "A" && char <= "Z");
}

/** Reads the text run or the markup starting at `pos`, following the HTML tokenizer's rules loosely. */
function readMarkup(html: string, pos: number): Markup {
  if (html.charAt(pos) !== "<") {
    const lt = html.indexOf("<", pos);
    return { kind: "text", end: lt < 0 ? html.length : lt };
  }
  const next = html.charAt(pos + 1);
  if (html.startsWith("<!--", pos)) return { kind: "ignored", end: commentEnd(html, pos + 4) };
  if (next === "!" || next === "?") return { kind: "ignored", end: afterNext(html, ">", pos + 2) };
  if (next === "/") {
    const first = html.charAt(pos + 2);
    if (!isAsciiLetter(first)) return { kind: "ignored", end: afterNext(html, ">", pos + 2) };
    const tag = readTag(html, pos + 2);
    return tag === null
      ? { kind: "ignored", end: html.length }
      : { kind: "end", name: tag.name, end: tag.end };
  }
  if (!isAsciiLetter(next)) return { kind: "text", end: pos + 1 }; // a lone `<`, escaped as text
  const tag = readTag(html, pos + 1);
  return tag === null ? { kind: "ignored", end: html.length } : { kind: "start", ...tag };
}

function afterNext(html: string, search: string, from: number): number {
  const at = html.indexOf(search, from);
  return at < 0 ? html.length : at + search.length;
}

/** End of a comment whose `<!--` ends before `from`: `<!-->`, `<!--->`, `-->` or `--!>`. */
function commentEnd(html: string, from: number): number {
  if (html.startsWith(">", from)) return from + 1;
  if (html.startsWith("->", from)) return from + 2;
  const ends = [afterNext(html, "-->", from), afterNext(html, "--!>", from)];
  return Math.min(...ends);
}

/** Tag name and attributes from `pos` (just after `<` or `</`) to after `>`; null when the input ends first. */
function readTag(
  html: string,
  pos: number,
): { name: string; attributes: Attribute[]; selfClosing: boolean; end: number } | null {
  let i = pos;
  while (i < html.length && !isHtmlSpace(html.charAt(i)) && html.charAt(i) !== "/" && html.charAt(i) !== ">")
    i++;
  const name = html.slice(pos, i).toLowerCase();
  const attributes: Attribute[] = [];
  let selfClosing = false;
  for (;;) {
    while (i < html.length && (isHtmlSpace(html.charAt(i)) || html.charAt(i) === "/")) {
      selfClosing = html.charAt(i) === "/" && html.charAt(i + 1) === ">";
      i++;
    }
    if (i >= html.length) return null;
    if (html.charAt(i) === ">") return { name, attributes, selfClosing, end: i + 1 };
    selfClosing = false;
    const nameStart = i;
    i++; // the first character belongs to the name even when it is `=`
    while (i < html.length && !/[\t\n\f\r />=]/.test(html.charAt(i))) i++;
    const attribute = html.slice(nameStart, i).toLowerCase();
    while (i < html.length && isHtmlSpace(html.charAt(i))) i++;
    if (html.charAt(i) !== "=") {
      attributes.push({ name: attribute, value: null });
      continue;
    }
    i++;
    while (i < html.length && isHtmlSpace(html.charAt(i))) i++;
    const quote = html.charAt(i);
    let value: string;
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      if (close < 0) return null;
      value = html.slice(i + 1, close);
      i = close + 1;
    } else {
      const start = i;
      while (i < html.length && !isHtmlSpace(html.charAt(i)) && html.charAt(i) !== ">") i++;
      value = html.slice(start, i);
    }
    attributes.push({ name: attribute, value });
  }
}

/** Core rule: sanitises `html_block` tokens and the `html_inline` tokens inside each inline token. */
function sanitizeRawHtmlTokens(state: StateCore, md: MarkdownIt): void {
  for (const token of state.tokens) {
    if (token.type === "html_block") {
      token.content = new RawHtmlSanitizer(md).sanitize(token.content);
    } else if (token.type === "inline" && token.children !== null) {
      token.children = sanitizeInlineChildren(token.children, md);
    }
  }
}

function sanitizeInlineChildren(children: Token[], md: MarkdownIt): Token[] {
  const sanitizer = new RawHtmlSanitizer(md);
  const kept: Token[] = [];
  for (const child of children) {
    if (child.type === "html_inline") {
      child.content = sanitizer.sanitize(child.content);
      if (child.content !== "") kept.push(child);
    } else if (!sanitizer.skipping || child.nesting !== 0) {
      // Inside dropped content (`<script>…</script>`) only opening/closing tokens stay, to keep them paired.
      kept.push(child);
    }
  }
  return kept;
}
