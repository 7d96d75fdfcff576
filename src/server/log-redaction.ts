import pino from "pino";
import { isDatabaseError, type SafeDatabaseError, safeDatabaseError } from "@/src/backend/db/database-errors";
import { IBAN_LENGTHS } from "@/src/domain/portal/iban";
import { causeChain } from "@/src/lib/error-causes";

/**
 * Private data never reaches a log line (DESIGN section 8; issue 13): no password or password hash, no
 * session cookie, anti-forgery or other token, no IBAN, e-mail address or date of birth. Three layers,
 * because a log line is written from many places:
 * 1. errors are serialized without the data of a failed query (`serializeError`);
 * 2. a value under a private key (`password`, `email`, `dateOfBirth`, `iban`, `token`, `cookie`, ...) is
 *    replaced, at any depth of the line;
 * 3. every string is scrubbed of what looks private by itself: e-mail addresses (also percent-encoded),
 *    IBANs, password hashes, private query parameters of an address, and a failed query's parameter list.
 * Layers 2 and 3 run on the finished line (`redactLogLine`), so bindings and messages are covered too.
 */

export const REDACTED = "[Redacted]";

const PRIVATE_KEY_PART =
  /password|passwd|wachtwoord|token|secret|cookie|authorization|iban|email|birth|geboorte|signature/;
const PRIVATE_KEYS = new Set(["sid", "sessionid", "params", "parameters", "recipient", "apikey"]);

/** `dateOfBirth`, `password_hash`, `RequestVerificationToken`, `set-cookie`, ... (case and separators ignored). */
export function isPrivateKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  return PRIVATE_KEYS.has(normalised) || PRIVATE_KEY_PART.test(normalised);
}

const QUERY_PARAMETERS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;
const PASSWORD_HASHES = [
  /\bscrypt\$[^\s"',;]+/g,
  /\$argon2(?:id|i|d)\$[^\s"',;]+/g,
  /\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/g,
];
const URL_PARAMETER = /([?&;])([^=&#\s?;]+)=([^&#\s;]*)/g;
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const IBAN = /(?<![A-Za-z0-9_])([A-Z]{2})\d{2}(?: ?[A-Z0-9]){11,30}(?![A-Za-z0-9])/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** One string with everything that looks private by itself replaced. */
export function scrubText(text: string): string {
  let scrubbed = text.replace(QUERY_PARAMETERS, `\nparams: ${REDACTED}`);
  for (const hash of PASSWORD_HASHES) scrubbed = scrubbed.replace(hash, REDACTED);
  scrubbed = scrubbed.replace(URL_PARAMETER, (parameter, separator: string, name: string) =>
    isPrivateKey(decoded(name)) ? `${separator}${name}=${REDACTED}` : parameter,
  );
  scrubbed = scrubbed.replace(EMAIL, REDACTED);
  return scrubbed.replace(IBAN, (iban, country: string) => (country in IBAN_LENGTHS ? REDACTED : iban));
}

/** The value with private keys and private-looking strings replaced; the same value when nothing was. */
export function redactValue(value: unknown): unknown {
  if (typeof value === "string") return scrubText(value);
  if (typeof value !== "object" || value === null) return value;
  let changed = false;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  for (const [key, item] of Object.entries(value)) {
    const hidden =
      !Array.isArray(value) &&
      isPrivateKey(key) &&
      (typeof item === "string" || (typeof item === "object" && item !== null));
    const redacted = hidden ? REDACTED : redactValue(item);
    if (redacted !== item) changed = true;
    (copy as Record<string, unknown>)[key] = redacted;
  }
  return changed ? copy : value;
}

/** What a line must hold for any layer to change it: an escape or inner newline, `$` (hashes), `=`
 * (parameters), `@` or `%40` (addresses), two capitals before a digit (IBANs), or a private key. */
const MAYBE_PRIVATE = /[\\$=@\n]|%40|[A-Z]{2}\d/;
const JSON_KEY = /"([^"\\]*)":/g;

/**
 * Whether no layer could change the line, so it need not be parsed: true for the access log line of a
 * plain request (most lines), false whenever in doubt.
 */
export function isPlainLine(line: string): boolean {
  if (MAYBE_PRIVATE.test(line.endsWith("\n") ? line.slice(0, -1) : line)) return false;
  for (const match of line.matchAll(JSON_KEY)) if (isPrivateKey(match[1] ?? "")) return false;
  return true;
}

/** pino's `streamWrite` hook: the finished JSON line, redacted (unchanged when it holds nothing private). */
export function redactLogLine(line: string): string {
  if (isPlainLine(line)) return line;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return scrubText(line);
  }
  const redacted = redactValue(entry);
  return redacted === entry ? line : `${JSON.stringify(redacted)}\n`;
}

function stackFrames(error: unknown): string[] {
  const stack = (error as { stack?: unknown }).stack;
  return typeof stack === "string" ? stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
}

function plainError(error: unknown): SafeDatabaseError {
  const named = error as { constructor?: { name?: unknown }; message?: unknown };
  return {
    type: typeof named.constructor?.name === "string" ? named.constructor.name : "Error",
    message: String(named.message ?? error),
  };
}

/**
 * pino's `err` serializer. An error with a database error in its chain of causes is logged as its safe
 * parts only (`safeDatabaseError`): the message and stack are rebuilt from the safe messages and the stack
 * frames, and each cause keeps its SQLSTATE code and the names of the constraint, table and column. Any
 * other error is serialized as pino does.
 */
export function serializeError(error: unknown): unknown {
  const chain = causeChain(error);
  if (!chain.some(isDatabaseError)) return pino.stdSerializers.err(error as Error);
  const safe = chain.map((link) => safeDatabaseError(link) ?? plainError(link));
  const stack = chain
    .map((link, index) => {
      const header = `${index > 0 ? "caused by: " : ""}${safe[index]?.type}: ${safe[index]?.message}`;
      return [header, ...stackFrames(link)].join("\n");
    })
    .join("\n");
  const nested = safe.reduceRight<Record<string, unknown> | undefined>(
    (cause, link) => ({ ...link, ...(cause ? { cause } : {}) }),
    undefined,
  );
  return {
    ...nested,
    message: safe.map((link) => link.message).join(": "),
    stack,
  };
}
