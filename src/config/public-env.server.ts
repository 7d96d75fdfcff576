import type { Config } from "./env.server";
import type { PublicEnv } from "./public-env";

export function toPublicEnv(config: Config, buildId: string): PublicEnv {
  return {
    baseUrl: config.baseUrl,
    portalOrigin: config.portalOrigin,
    cookieDomain: config.cookieDomain,
    secureCookies: config.secureCookies,
    buildId,
    buildPollIntervalMs: config.buildPollIntervalMs,
    brazeApiKey: config.braze.apiKey,
    brazeSdkEndpoint: config.braze.sdkEndpoint,
    recaptchaSiteKey: config.recaptcha.siteKey,
    telemetrySampleRate: config.telemetrySampleRate,
  };
}
