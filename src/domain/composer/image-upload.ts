import { composerAssetTexts as say } from "@/src/lib/messages/composer-assets";

/**
 * An image an editor uploads to the assets (issue 44): its type is read from its bytes (the magic numbers
 * and the format's own header), never from its name or the Content-Type it came with; its width and height
 * from that header. PNG, JPEG, GIF and WebP are taken. SVG is refused (it is XML that may carry scripts),
 * and so is a file that also holds markup (a polyglot: an image that is an HTML page or a script as well).
 * The alternative text is required: it is stored as the asset's description, which the shop renders as the
 * `alt` of the image (Contentful's convention, `blocks/image`).
 */
export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const MAX_ALT_LENGTH = 200;
export const MAX_TITLE_LENGTH = 100;

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

export type SniffedImage = {
  extension: ImageExtension;
  contentType: (typeof IMAGE_TYPES)[ImageExtension];
  width: number;
  height: number;
};

export type SniffRefusal = "svg" | "code" | "truncated" | "not-image";
export type SniffResult = { ok: true; image: SniffedImage } | { ok: false; refusal: SniffRefusal };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_END = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
/** Markup a browser would run if it were ever served or sniffed as a document; no image holds it. */
const MARKUP = ["<script", "<svg", "<html", "<iframe", "<object", "<embed", "<!doctype"];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | (bytes[at + 2]! << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
const u32le = (bytes: Uint8Array, at: number) => u16le(bytes, at) + u16le(bytes, at + 2) * 0x10000;

type Dimensions = { width: number; height: number } | "truncated";

/** What the bytes are; `truncated` when they begin as an accepted format but do not hold a whole image. */
export function sniffImage(bytes: Uint8Array): SniffResult {
  const kind = formatOf(bytes);
  if (!kind) return { ok: false, refusal: looksLikeSvg(bytes) ? "svg" : "not-image" };
  const dimensions = DIMENSIONS[kind](bytes);
  if (dimensions === "truncated" || dimensions.width < 1 || dimensions.height < 1)
    return { ok: false, refusal: "truncated" };
  if (holdsMarkup(bytes)) return { ok: false, refusal: "code" };
  return { ok: true, image: { extension: kind, contentType: IMAGE_TYPES[kind], ...dimensions } };
}

function formatOf(bytes: Uint8Array): ImageExtension | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  const gif = ascii(bytes, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  return undefined;
}

/** Text that opens as XML or SVG (after a byte-order mark and white space). */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<?xml") || head.startsWith("<svg") || head.includes("<svg");
}

/** Markup anywhere in the file, in any letter case (ASCII only: the markers are). */
function holdsMarkup(bytes: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(bytes).toLowerCase();
  return MARKUP.some((marker) => text.includes(marker));
}

const DIMENSIONS: Record<ImageExtension, (bytes: Uint8Array) => Dimensions> = {
  png: pngDimensions,
  jpg: jpegDimensions,
  gif: gifDimensions,
  webp: webpDimensions,
};

/** The IHDR chunk comes first; a whole PNG ends with its IEND chunk. */
function pngDimensions(bytes: Uint8Array): Dimensions {
  if (bytes.length < 24 + 12 || ascii(bytes, 12, 4) !== "IHDR") return "truncated";
  if (!startsWith(bytes, PNG_END, bytes.length - PNG_END.length)) return "truncated";
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/** The first start-of-frame segment holds the size; a whole JPEG ends with its end-of-image marker. */
function jpegDimensions(bytes: Uint8Array): Dimensions {
  if (!hasJpegEnd(bytes)) return "truncated";
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return "truncated";
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > bytes.length) return "truncated";
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return "truncated";
    at += 2 + u16be(bytes, at + 2);
  }
  return "truncated";
}

/** The end-of-image marker, allowing the few padding bytes some cameras write after it. */
function hasJpegEnd(bytes: Uint8Array): boolean {
  for (let at = bytes.length - 2; at >= Math.max(2, bytes.length - 64); at -= 1)
    if (bytes[at] === 0xff && bytes[at + 1] === 0xd9) return true;
  return false;
}

/** The logical screen's size; a whole GIF ends with its trailer byte. */
function gifDimensions(bytes: Uint8Array): Dimensions {
  if (bytes.length < 14 || bytes[bytes.length - 1] !== 0x3b) return "truncated";
  return { width: u16le(bytes, 6), height: u16le(bytes, 8) };
}

/** The RIFF size says how long the file is; the first chunk (VP8, VP8L or VP8X) holds the size. */
function webpDimensions(bytes: Uint8Array): Dimensions {
  if (bytes.length < 30 || u32le(bytes, 4) + 8 !== bytes.length) return "truncated";
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === "VP8 ") {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], data + 3)) return "truncated";
    return { width: u16le(bytes, data + 6) & 0x3fff, height: u16le(bytes, data + 8) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[data] !== 0x2f) return "truncated";
    const bits = u32le(bytes, data + 1);
    return { width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 0x4000) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: u24le(bytes, data + 4) + 1, height: u24le(bytes, data + 7) + 1 };
  return "truncated";
}

export type UploadInput = {
  bytes: Uint8Array;
  /** The alternative text the editor gave (the asset's description). */
  alt?: string;
  /** The title the editor gave; by default made from the file's name. */
  title?: string;
  /** The file's name on the editor's computer: only for the title and a readable file name. */
  fileName?: string;
};

export type CheckedUpload = {
  title: string;
  description: string;
  /** A safe name: lower-case letters, digits and dashes, with the extension of the sniffed type. */
  fileName: string;
  /** The safe name without its extension, for an asset id. */
  slug: string;
  contentType: SniffedImage["contentType"];
  width: number;
  height: number;
  bytes: Uint8Array;
};

export type UploadErrors = { file?: string[]; alt?: string[] };
export type UploadCheck =
  | { ok: true; upload: CheckedUpload }
  | { ok: false; status: 413 | 422; errors: UploadErrors };

const REFUSALS: Record<SniffRefusal, string> = {
  svg: say.svgRefused,
  code: say.hidesCode,
  truncated: say.truncated,
  "not-image": say.notImage,
};

/** Checks an upload whole: every field's problems at once, or what the store may write. */
export function checkUpload(input: UploadInput): UploadCheck {
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES)
    return { ok: false, status: 413, errors: { file: [say.tooLarge(MAX_UPLOAD_MB)] } };
  const errors: UploadErrors = {};
  const alt = cleanText(input.alt ?? "");
  if (!alt) errors.alt = [say.altRequired];
  else if (alt.length > MAX_ALT_LENGTH) errors.alt = [say.altTooLong(MAX_ALT_LENGTH, alt.length)];
  const sniffed = input.bytes.byteLength === 0 ? undefined : sniffImage(input.bytes);
  if (!sniffed) errors.file = [say.fileRequired];
  else if (!sniffed.ok) errors.file = [REFUSALS[sniffed.refusal]];
  if (!sniffed?.ok || errors.alt) return { ok: false, status: 422, errors };
  const { image } = sniffed;
  const slug = slugOf(input.fileName ?? "") || "afbeelding";
  const title = cleanText(input.title ?? "") || titleOf(input.fileName ?? "") || say.defaultTitle;
  return {
    ok: true,
    upload: {
      title: title.slice(0, MAX_TITLE_LENGTH).trim(),
      description: alt,
      fileName: `${slug}.${image.extension}`,
      slug,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: input.bytes,
    },
  };
}

/** Control characters out, runs of white space as one space, trimmed. */
export function cleanText(text: string): string {
  return text
    .replace(/\p{Cc}|\p{Cf}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A file's name without its folders and extension. */
function baseName(fileName: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? "";
  return last.replace(/\.[^.]*$/, "");
}

/** `Zomer_actie (1).PNG` -> `zomer-actie-1`: only a-z, 0-9 and single dashes, at most 40 long. */
export function slugOf(fileName: string): string {
  return baseName(fileName)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
}

/** `zomer_actie-2026.png` -> `zomer actie 2026`. */
function titleOf(fileName: string): string {
  return cleanText(baseName(fileName).replace(/[_-]+/g, " "));
}
