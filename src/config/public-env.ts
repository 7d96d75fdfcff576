import { z } from "zod/mini";

/**
 * The only settings that reach the browser (an explicit whitelist, sent with the root loader data).
 * Secrets never go in here.
 */
export const PublicEnvSchema = z.object({
  baseUrl: z.string(),
  portalOrigin: z.optional(z.string()),
  cookieDomain: z.optional(z.string()),
  secureCookies: z.boolean(),
  buildId: z.string(),
  buildPollIntervalMs: z.number(),
  brazeApiKey: z.optional(z.string()),
  brazeSdkEndpoint: z.optional(z.string()),
  recaptchaSiteKey: z.optional(z.string()),
});

export type PublicEnv = z.infer<typeof PublicEnvSchema>;
