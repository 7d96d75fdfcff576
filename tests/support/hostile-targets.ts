import { validateHeaderValue } from "node:http";
import express from "express";
import fc from "fast-check";

/**
 * Redirect targets an attacker would try (issue 13, open redirects), shared by the property test of
 * safeRedirectTarget, the HTTP tests of every redirecting route and the browser test of the portal pages.
 * `host` is "the other site"; `lookAlikes` are allowed hosts it tries to pass for.
 */
export type HostileTargetHosts = { host: string; lookAlikes: readonly string[] };

/** Hand-picked targets, each a known way past a check on the text (from the probe of issue 13). */
export function hostileExamples({ host, lookAlikes }: HostileTargetHosts): string[] {
  const [lookAlike = "partner.example"] = lookAlikes;
  return [
    `//${host}/`,
    `/a/..//${host}/`,
    `/.//${host}`,
    `/%2e%2e//${host}`,
    `/x/%2E%2E//${host}`,
    `/%2F%2F${host}`,
    `/%2f/${host}`,
    `/%5C${host}`,
    `/%5c%5c${host}`,
    `/%252F%252F${host}`,
    `/\\${host}`,
    `\\\\${host}`,
    `/\\/${host}`,
    `/\t/${host}`,
    `/\n/${host}`,
    `\t//${host}`,
    ` //${host}`,
    `/%09/${host}`,
    `/%0A/${host}`,
    `http://${host}/`,
    `HTTPS://${host.toUpperCase()}/`,
    `https:/\\${host}`,
    `https:\\\\${host}`,
    `//${lookAlike}@${host}/`,
    `https://${lookAlike}@${host}/`,
    `https://${lookAlike}.${host}/`,
    `https://${host}#@${lookAlike}`,
    `https://${host}\\@${lookAlike}`,
    `https://${host}?@${lookAlike}`,
    "javascript:alert(document.domain)",
    "JavaScript://%0Aalert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ];
}

const SCHEMES = [
  "",
  "",
  "http:",
  "https:",
  "HtTpS:",
  "javascript:",
  "JAVASCRIPT:",
  "java\nscript:",
  "data:",
  "data:text/html,",
  "vbscript:",
  "file:",
  "ftp:",
  "blob:",
  "ws:",
];

/** Pieces that browsers or a later decoding read as slashes, nothing, dots or the start of a host. */
const SEPARATORS = [
  "/",
  "//",
  "\\",
  "\\\\",
  "%2F",
  "%2f",
  "%5C",
  "%5c",
  "%252F",
  "%255c",
  "%25252F",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u001f",
  "%09",
  "%0A",
  "%0d",
  "%20",
  "%00",
  ".",
  "..",
  "%2e",
  "%2E%2e",
  "%252e",
  "./",
  "../",
  "/./",
  "/../",
  "a/",
  "@",
  ":",
  "?",
  "#",
  "%23",
  "%3F",
  "%40",
  ";",
];

const TAILS = ["", "/", "/pad?x=1#y", "?q=1", "#boven", ":8443/", "%2F..", "/..%2F..%2F", "@x", "alert(1)"];

function hosts({ host, lookAlikes }: HostileTargetHosts): string[] {
  return [
    host,
    host.toUpperCase(),
    `${host}.`,
    `${host}:443`,
    `${host}%00`,
    host.replace(".", "%2E"),
    host.replace(".", "\u3002"),
    host.replace(/e/, "\u0435"),
    ...lookAlikes.flatMap((allowed) => [
      `${allowed}.${host}`,
      `${allowed}@${host}`,
      `${allowed}:x@${host}`,
      `${host}#@${allowed}`,
      `${host}?@${allowed}`,
      `${host}\\@${allowed}`,
      `${host}%2F@${allowed}`,
      `${host}%23@${allowed}`,
      `${allowed}%2E${host}`,
      allowed.replace(/e/, "\u0435"),
      allowed.replace(/./, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0)),
    ]),
  ];
}

function mixCase(text: string, upper: readonly boolean[]): string {
  if (upper.length === 0) return text;
  return [...text].map((char, index) => (upper[index % upper.length] ? char.toUpperCase() : char)).join("");
}

/** Generated hostile targets: a scheme, separators, a host, separators, a tail, some encoded or mixed-case. */
export function hostileTarget(hostsToTry: HostileTargetHosts): fc.Arbitrary<string> {
  const pieces = fc.array(fc.constantFrom(...SEPARATORS), { maxLength: 6 }).map((parts) => parts.join(""));
  const built = fc
    .tuple(
      fc.constantFrom(...SCHEMES),
      pieces,
      fc.constantFrom(...hosts(hostsToTry)),
      pieces,
      fc.constantFrom(...TAILS),
    )
    .map((parts) => parts.join(""));
  const encoded = fc
    .tuple(built, fc.constantFrom(0, 1, 2), fc.array(fc.boolean(), { maxLength: 5 }))
    .map(([target, times, upper]) => {
      let value = mixCase(target, upper);
      for (let round = 0; round < times; round++) value = encodeURIComponent(value);
      return value;
    });
  const soup = fc
    .array(fc.oneof(fc.constantFrom(...SEPARATORS, ...SCHEMES), fc.constantFrom(...hosts(hostsToTry))), {
      maxLength: 10,
    })
    .map((parts) => parts.join(""));
  return fc.oneof(fc.constantFrom(...hostileExamples(hostsToTry)), built, encoded, soup, fc.webUrl());
}

/** The header Express writes for `res.redirect(target)`; throws as Node would on a forbidden character. */
export function expressLocationHeader(target: string): string {
  let header = "";
  const response = Object.create(express.response) as express.Response;
  response.setHeader = (_name: string, value: number | string | readonly string[]) => {
    header = String(value);
    return response;
  };
  response.location(target);
  validateHeaderValue("Location", header);
  return header;
}

/** One round of percent-decoding as a careless server or script would do it (every byte, never failing). */
function decodeOnce(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Every origin `target` can lead a browser to from `pageUrl`: followed as an `href` or
 * `location.assign()`, sent as Express's `Location` header (whose value the browser trims of HTTP
 * whitespace, then resolves against the page), and each of those once more after one percent-decoding.
 */
export function landingOrigins(target: string, pageUrl: string): string[] {
  const header = expressLocationHeader(target).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  return [target, header, decodeOnce(target), decodeOnce(header)].map((value) => {
    const url = new URL(value, pageUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : `${url.protocol}(opaque)`;
  });
}
