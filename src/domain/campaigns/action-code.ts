/**
 * Action codes (issue 18; domain.md): 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
 * personal (single use, from a mailing) or general (many uses, a maximum per player). What a player types
 * is normalised where that is safe: spaces, hyphens and dots go, lower case becomes upper case. A code
 * with a look-alike character cannot exist, so it is refused with its own message rather than guessed at.
 */

export const ACTION_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const ACTION_CODE_LENGTH = 8;

export const ACTION_CODE_KINDS = ["personal", "general"] as const;
export type ActionCodeKind = (typeof ACTION_CODE_KINDS)[number];

const SEPARATORS = /[\s.\-_]+/g;
const WELL_FORMED = new RegExp(`^[${ACTION_CODE_ALPHABET}]{${ACTION_CODE_LENGTH}}$`);
const LOOK_ALIKES = /[0O1IL]/;

export type ReadCode =
  | { ok: true; code: string }
  | { ok: false; reason: "empty" | "lookAlike" | "malformed" };

/** The code as stored, from what a player typed (at most a few separators and any case). */
export function readActionCode(typed: string): ReadCode {
  const code = typed.replace(SEPARATORS, "").toUpperCase();
  if (code === "") return { ok: false, reason: "empty" };
  if (code.length === ACTION_CODE_LENGTH && LOOK_ALIKES.test(code)) return { ok: false, reason: "lookAlike" };
  if (!WELL_FORMED.test(code)) return { ok: false, reason: "malformed" };
  return { ok: true, code };
}

/** A new code; `randomInt(n)` gives 0..n-1 (node:crypto's in production, a fixed one in tests). */
export function newActionCode(randomInt: (max: number) => number): string {
  let code = "";
  for (let index = 0; index < ACTION_CODE_LENGTH; index++) {
    code += ACTION_CODE_ALPHABET[randomInt(ACTION_CODE_ALPHABET.length)];
  }
  return code;
}

/** How a code is shown and printed: two groups of four (KERS-T234), easier to read out and type. */
export function formatActionCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
