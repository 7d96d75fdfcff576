/**
 * The only settings that reach the browser (an explicit whitelist, written into the page by the server).
 * Secrets never go in here. The browser checks the shape with `parsePublicEnv`, a hand-written check
 * rather than zod, so no schema library lands in the first-load JavaScript (decision 5).
 */
export type PublicEnv = {
  baseUrl: string;
  portalOrigin?: string;
  cookieDomain?: string;
  secureCookies: boolean;
  buildId: string;
  buildPollIntervalMs: number;
  brazeApiKey?: string;
  brazeSdkEndpoint?: string;
  recaptchaSiteKey?: string;
  /** Percent of page loads that send web vitals and client errors (`TELEMETRY_SAMPLE_RATE`). */
  telemetrySampleRate?: number;
};

const OPTIONAL_STRINGS = [
  "portalOrigin",
  "cookieDomain",
  "brazeApiKey",
  "brazeSdkEndpoint",
  "recaptchaSiteKey",
] as const;

export function parsePublicEnv(value: unknown): PublicEnv | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const env = value as Record<string, unknown>;
  if (typeof env.baseUrl !== "string" || typeof env.buildId !== "string") return undefined;
  if (typeof env.secureCookies !== "boolean" || typeof env.buildPollIntervalMs !== "number") return undefined;
  for (const key of OPTIONAL_STRINGS) {
    if (env[key] !== undefined && typeof env[key] !== "string") return undefined;
  }
  if (env.telemetrySampleRate !== undefined && typeof env.telemetrySampleRate !== "number") return undefined;
  return env as PublicEnv;
}

/** The settings as the document shell writes them into every page (`window.__PUBLIC_ENV__=...;`). */
export function publicEnvScript(env: unknown): string {
  return `window.__PUBLIC_ENV__=${JSON.stringify(env ?? null).replace(/</g, "\\u003c")};`;
}
