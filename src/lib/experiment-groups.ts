import { readCookie } from "./cookies";

/**
 * A visitor's experiment groups (issue 43 item 5): one first-party cookie the server sets on the first
 * page that uses an experiment, `homepage-hero:countdown|checkout-knop:b`, kept a year. It is functional
 * (the page the visitor sees stays the same from visit to visit), so it is set whatever the consent; only
 * the exposure event waits for consent to measure.
 */
export type ExperimentGroups = Readonly<Record<string, string>>;

/** `__Secure-` on https, as the consent cookie. */
export function experimentCookieName(secure: boolean): string {
  return secure ? "__Secure-kl_exp" : "kl_exp";
}

export const EXPERIMENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
const GROUP = /^[A-Za-z0-9_-]{1,32}$/;

/** The groups in a `Cookie` header (either cookie name); pairs that are not well formed are left out. */
export function readExperimentGroups(cookieHeader: string | null | undefined): Record<string, string> {
  return parseExperimentGroups(
    readCookie(cookieHeader, "__Secure-kl_exp") ?? readCookie(cookieHeader, "kl_exp"),
  );
}

/** The groups of a value as `formatExperimentGroups` writes it; pairs that are not well formed are left out. */
export function parseExperimentGroups(value: string | null | undefined): Record<string, string> {
  const groups: Record<string, string> = {};
  for (const pair of value?.split("|") ?? []) {
    const [key = "", group = "", ...rest] = pair.split(":");
    if (rest.length === 0 && KEY.test(key) && GROUP.test(group)) groups[key] = group;
  }
  return groups;
}

/** The cookie's value: the pairs sorted by experiment, so one set of groups has one spelling. */
export function formatExperimentGroups(groups: ExperimentGroups): string {
  return Object.keys(groups)
    .filter((key) => KEY.test(key) && GROUP.test(groups[key] ?? ""))
    .sort()
    .map((key) => `${key}:${groups[key]}`)
    .join("|");
}

/** The whole `Set-Cookie` header (`Domain` as the consent cookie's, so the partner hosts share it). */
export function experimentCookie(
  groups: ExperimentGroups,
  settings: { secure: boolean; domain?: string },
): string {
  const parts = [
    `${experimentCookieName(settings.secure)}=${formatExperimentGroups(groups)}`,
    `Max-Age=${EXPERIMENT_COOKIE_MAX_AGE_SECONDS}`,
    "Path=/",
    "SameSite=Lax",
    "HttpOnly",
  ];
  if (settings.domain) parts.push(`Domain=${settings.domain}`);
  if (settings.secure) parts.push("Secure");
  return parts.join("; ");
}

/** A group drawn by weight (`random` in [0, 1)); undefined when no group has a weight. */
export function drawGroup(
  groups: ReadonlyArray<{ name: string; weight: number }>,
  random: number,
): string | undefined {
  const total = groups.reduce((sum, group) => sum + Math.max(0, group.weight), 0);
  if (total <= 0) return undefined;
  let point = random * total;
  for (const group of groups) {
    point -= Math.max(0, group.weight);
    if (point < 0) return group.name;
  }
  return groups.at(-1)?.name;
}
