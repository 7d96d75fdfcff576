import { describe, expect, it } from "vitest";
import { checkUpload, MAX_ALT_LENGTH, MAX_UPLOAD_BYTES, slugOf, sniffImage } from "./image-upload";

/** A 2x1 PNG (a real one: zlib data, CRCs and its IEND chunk). */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4f53hPwNDw38AFNwEVUrCEiwAAAAASUVORK5CYII=",
    "base64",
  ),
);
/** A 1x1 GIF89a. */
const GIF = Uint8Array.from(
  Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"),
);
/** A 1x1 lossless WebP (VP8L). */
const WEBP_LOSSLESS = Uint8Array.from(
  Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64"),
);

/** A JPEG's structure: start, a JFIF segment, a baseline frame of 640x480, a scan, the end. */
function jpeg(frame: number[] = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03]): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const scan = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...frame, ...components, ...scan, 0xff, 0xd9]);
}

/** A lossy WebP's structure: RIFF, its VP8 chunk with the key frame's start code and a 300x200 size. */
function webpLossy(): Uint8Array {
  const frame = [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x2c, 0x01, 0xc8, 0x00, 0, 0];
  const chunk = [...Buffer.from("VP8 "), frame.length, 0, 0, 0, ...frame];
  const body = [...Buffer.from("WEBP"), ...chunk];
  const size = body.length;
  return Uint8Array.from([...Buffer.from("RIFF"), size & 0xff, size >> 8, 0, 0, ...body]);
}

/** An extended WebP's structure: RIFF and its VP8X chunk with a 1920x1080 canvas (less one, as stored). */
function webpExtended(): Uint8Array {
  const data = [0x10, 0, 0, 0, 0x7f, 0x07, 0x00, 0x37, 0x04, 0x00];
  const body = [...Buffer.from("WEBP"), ...Buffer.from("VP8X"), data.length, 0, 0, 0, ...data];
  return Uint8Array.from([...Buffer.from("RIFF"), body.length, 0, 0, 0, ...body]);
}

const text = (value: string) => Uint8Array.from(Buffer.from(value, "utf8"));

describe("sniffing an upload's type by its bytes", () => {
  it("reads a PNG's type and size from its header", () => {
    expect(sniffImage(PNG)).toEqual({
      ok: true,
      image: { extension: "png", contentType: "image/png", width: 2, height: 1 },
    });
  });

  it("reads a JPEG's size from its frame, past the segments before it", () => {
    expect(sniffImage(jpeg())).toEqual({
      ok: true,
      image: { extension: "jpg", contentType: "image/jpeg", width: 640, height: 480 },
    });
  });

  it("reads a GIF's and both kinds of WebP's size", () => {
    expect(sniffImage(GIF)).toMatchObject({ ok: true, image: { contentType: "image/gif", width: 1 } });
    expect(sniffImage(WEBP_LOSSLESS)).toMatchObject({
      ok: true,
      image: { contentType: "image/webp", width: 1, height: 1 },
    });
    expect(sniffImage(webpLossy())).toMatchObject({
      ok: true,
      image: { contentType: "image/webp", width: 300, height: 200 },
    });
    expect(sniffImage(webpExtended())).toMatchObject({
      ok: true,
      image: { contentType: "image/webp", width: 1920, height: 1080 },
    });
  });

  it("refuses each format cut short as truncated", () => {
    for (const image of [PNG, jpeg(), GIF, WEBP_LOSSLESS, webpLossy()]) {
      for (const length of [image.length - 1, Math.floor(image.length / 2), 12]) {
        expect(sniffImage(image.subarray(0, length))).toEqual({ ok: false, refusal: "truncated" });
      }
    }
    // A JPEG whose frame header is missing: a scan before any frame.
    expect(sniffImage(jpeg([]))).toEqual({ ok: false, refusal: "truncated" });
  });

  it("refuses SVG, with or without an XML declaration, byte-order mark or leading white space", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const file of [svg, `<?xml version="1.0"?>\n${svg}`, `\uFEFF  \n${svg.toUpperCase()}`])
      expect(sniffImage(text(file))).toEqual({ ok: false, refusal: "svg" });
  });

  it("refuses an image that also holds markup (a polyglot)", () => {
    const withScript = Uint8Array.from([...GIF.subarray(0, -1), ...text("<SCRIPT>alert(1)</script>"), 0x3b]);
    expect(sniffImage(withScript)).toEqual({ ok: false, refusal: "code" });
    const htmlAfterPng = Uint8Array.from([
      ...PNG.subarray(0, 33),
      ...text("<html><body>"),
      ...PNG.subarray(33),
    ]);
    expect(sniffImage(htmlAfterPng)).toEqual({ ok: false, refusal: "code" });
  });

  it("refuses what is no image at all, whatever it would be called", () => {
    for (const file of [text("%PDF-1.7"), text("<html><body>hoi</body></html>"), new Uint8Array(64)])
      expect(sniffImage(file)).toEqual({ ok: false, refusal: "not-image" });
    expect(sniffImage(Uint8Array.from([0x89, 0x50, 0x4e]))).toEqual({ ok: false, refusal: "not-image" });
  });
});

describe("checking an upload", () => {
  it("takes an image with its alternative text, named by its content and not by its file name", () => {
    const result = checkUpload({
      bytes: PNG,
      alt: "  Een kroon\nop paars  ",
      fileName: "../../Zomer_Actie (1).svg",
    });
    expect(result).toEqual({
      ok: true,
      upload: {
        title: "Zomer Actie (1)",
        description: "Een kroon op paars",
        fileName: "zomer-actie-1.png",
        slug: "zomer-actie-1",
        contentType: "image/png",
        width: 2,
        height: 1,
        bytes: PNG,
      },
    });
  });

  it("keeps a given title, and gives one when the file has no usable name", () => {
    const titled = checkUpload({ bytes: GIF, alt: "Munten", title: " Munten ", fileName: "x.gif" });
    expect(titled.ok && titled.upload.title).toBe("Munten");
    const nameless = checkUpload({ bytes: GIF, alt: "Munten", fileName: "../" });
    expect(nameless.ok && [nameless.upload.title, nameless.upload.fileName]).toEqual([
      "Afbeelding",
      "afbeelding.gif",
    ]);
  });

  it("requires the alternative text, at most 200 characters, and says every field's problem at once", () => {
    expect(checkUpload({ bytes: PNG, alt: "   " })).toEqual({
      ok: false,
      status: 422,
      errors: { alt: ["Vul een alternatieve tekst in: beschrijf wat er op de afbeelding te zien is."] },
    });
    const long = checkUpload({ bytes: PNG, alt: "a".repeat(MAX_ALT_LENGTH + 1) });
    expect(long).toMatchObject({
      ok: false,
      errors: { alt: [expect.stringContaining("maximaal 200 tekens")] },
    });
    expect(checkUpload({ bytes: PNG, alt: "a".repeat(MAX_ALT_LENGTH) }).ok).toBe(true);
    expect(checkUpload({ bytes: text("<svg/>") })).toEqual({
      ok: false,
      status: 422,
      errors: {
        alt: [expect.any(String)],
        file: [
          "SVG-bestanden worden niet geaccepteerd, omdat ze scripts kunnen bevatten. Kies een JPEG, PNG, GIF of WebP.",
        ],
      },
    });
  });

  it("refuses an empty file and one over the size limit", () => {
    expect(checkUpload({ bytes: new Uint8Array(0), alt: "Leeg" })).toEqual({
      ok: false,
      status: 422,
      errors: { file: ["Kies een afbeeldingsbestand."] },
    });
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PNG);
    expect(checkUpload({ bytes: big, alt: "Groot" })).toEqual({
      ok: false,
      status: 413,
      errors: { file: ["Het bestand is te groot: maximaal 5 MB."] },
    });
  });
});

describe("a file name made safe", () => {
  it("keeps only lower-case letters, digits and single dashes, without folders", () => {
    expect(slugOf("C:\\fotos\\Één  Lot!.JPG")).toBe("een-lot");
    expect(slugOf("../../etc/passwd")).toBe("passwd");
    expect(slugOf(".hidden")).toBe("");
  });
});
