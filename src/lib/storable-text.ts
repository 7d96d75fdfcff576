/**
 * The text rule at the API's boundary (DESIGN section 8): strings a caller sends must be text a database
 * column can store and a person can have typed. PostgreSQL refuses a NUL anywhere in `text` (the query
 * fails, so the caller would see a 5xx) and its driver silently replaces an unpaired UTF-16 surrogate,
 * storing something else than was sent; other C0 control characters have no place in names, ids or
 * addresses either. Tab, line feed and carriage return stay allowed: free text may hold them.
 */

/** The C0 control characters free text may hold: tab, line feed, carriage return. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** True when the string holds no NUL or other control character (bar tab and newlines) and no lone surrogate. */
export function isStorableText(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 ? !ALLOWED_CONTROLS.has(code) : code === 0x7f) return false;
    if (isLowSurrogate(code)) return false;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(index + 1))) return false;
      index++;
    }
  }
  return true;
}

export type TextPath = ReadonlyArray<string | number>;

type Visit = { value: unknown; key?: string | number; parent?: Visit };

function pathOf(visit: Visit): TextPath {
  const path: Array<string | number> = [];
  for (let node: Visit | undefined = visit; node?.key !== undefined; node = node.parent) path.push(node.key);
  return path.reverse();
}

/**
 * The paths of every string in a parsed JSON value (or query/path parameters) that breaks the rule: its
 * values and its object keys (a bad key is reported at its object). Walked with an explicit stack and
 * parent links, so a deeply nested body can neither overflow the call stack nor cost a copy of its path
 * per level; stops after `limit` findings.
 */
export function unstorableTextPaths(value: unknown, limit = 20): TextPath[] {
  const found: TextPath[] = [];
  const stack: Visit[] = [{ value }];
  while (stack.length > 0 && found.length < limit) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === "string") {
      if (!isStorableText(current)) found.push(pathOf(visit));
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: index, parent: visit });
      }
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      if (entries.some(([key]) => !isStorableText(key))) {
        found.push(pathOf(visit));
        continue;
      }
      for (const [key, child] of entries.reverse()) stack.push({ value: child, key, parent: visit });
    }
  }
  return found;
}
