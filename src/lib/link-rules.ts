/**
 * The link rules of spec section 5 for what editors write: markdown links and rich text hyperlinks.
 * Client-safe (no dependencies), so the composer checks a link as it is entered with the rule the server
 * and the shop's markdown renderer apply.
 */

const BAD_PROTOCOL = /^(?:vbscript|javascript|file|data):/;
const ALLOWED_DATA_IMAGE = /^data:image\/(?:gif|png|jpeg|webp)[;,]/;

/**
 * Whether a markdown link or image URL may be rendered (spec section 5): not `vbscript:`, `javascript:`,
 * `file:` or `data:`, except data images of gif, png, jpeg or webp. The check runs on what a browser could
 * make of the URL: percent-escapes of ASCII decoded, all whitespace and control characters removed
 * (browsers drop tabs and newlines anywhere in a URL and trim control characters and spaces around it, so
 * ` JaVaScRiPt:` and `java<TAB>script:` count as `javascript:`), lower-cased. The allowed data images must
 * have their media type end at `;` or `,`, so `data:image/pngx` does not pass.
 */
export function isAllowedUrl(url: string): boolean {
  const candidate = schemeCheckForm(url);
  return BAD_PROTOCOL.test(candidate) ? ALLOWED_DATA_IMAGE.test(candidate) : true;
}

function schemeCheckForm(url: string): string {
  const decoded = url.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  let out = "";
  for (const char of decoded) {
    const code = char.codePointAt(0)!;
    // C0 controls and space, DEL and C1 controls, and any other whitespace.
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || /\s/u.test(char)) continue;
    out += char;
  }
  return out.toLowerCase();
}

/** Why a rich text hyperlink's address is refused, if it is. */
export type HyperlinkProblem = "unsafe" | "form";

const HYPERLINK_FORM = /^(?:\/(?!\/)|#|https?:\/\/[^/\s]|mailto:|tel:)/i;

/**
 * The rule for a rich text hyperlink (`data.uri`): the markdown rule without its data-image exception (no
 * `javascript:`, `vbscript:`, `file:`, `data:`) and,
 * as the shop's links only go to its own pages or to the web, a path of the shop (`/loten`), an anchor
 * (`#voorwaarden`) or an `https:`, `http:`, `mailto:` or `tel:` address, without spaces or control
 * characters. `undefined` when the address may be used.
 */
export function hyperlinkProblem(uri: string): HyperlinkProblem | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (BAD_PROTOCOL.test(schemeCheckForm(uri)) || /[\u0000-\u001f\u007f-\u009f]/.test(uri)) return "unsafe";
  if (/\s/.test(uri) || !HYPERLINK_FORM.test(uri)) return "form";
  return undefined;
}
