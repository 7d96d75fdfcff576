import type { Logger } from "pino";
import { redirectModel } from "@/content-models/redirect";
import { type SiteSettingsFields, siteSettingsModel } from "@/content-models/site-settings";
import { type RouteRule, routeRules as staticRouteRules } from "@/src/lib/route-rules";
import { TtlCache } from "@/src/lib/ttl-cache";
import type { ContentSource } from "./source/types";
import type { SourceHealth } from "./source-health.server";

const SITE_WIDE_TTL_MS = 30_000;

/**
 * What the CMS says for every page: the CMS redirects (joined to the build's route rules) and the site
 * settings (emergency banner), cached, and the last good ones while the source fails, so a banner does
 * not vanish just when it may matter most.
 */
export function createSiteWideContent(options: {
  source: ContentSource;
  logger: Logger;
  health: SourceHealth;
  extraRouteRules?: readonly RouteRule[];
}) {
  const { source, logger, health } = options;
  let lastRedirects: { value: RouteRule[] } | undefined;
  let lastSettings: { value: SiteSettingsFields | undefined } | undefined;
  const rulesCache = new TtlCache<RouteRule[]>(SITE_WIDE_TTL_MS, 1);
  const settingsCache = new TtlCache<SiteSettingsFields | undefined>(SITE_WIDE_TTL_MS, 1);

  /** The route rules of this build plus the CMS redirects (spec section 2, section 7 builds/meta). */
  function routeRules(): Promise<RouteRule[]> {
    return rulesCache.get("rules", async () => [
      ...staticRouteRules,
      ...(options.extraRouteRules ?? []),
      ...(await cmsRedirects()),
    ]);
  }

  function cmsRedirects(): Promise<RouteRule[]> {
    const reading = readRedirects().then((rules) => {
      lastRedirects = { value: rules };
      return rules;
    });
    // Without any redirects yet, the build's own route rules still serve.
    return health
      .withLastGood(reading, lastRedirects, { what: "redirects" }, () => rulesCache.clear())
      .catch(() => []);
  }

  async function readRedirects(): Promise<RouteRule[]> {
    const entries = await source.getEntriesOfType("redirect", { preview: false });
    return entries.flatMap((entry) => {
      const parsed = redirectModel.schema.safeParse(entry.fields);
      if (!parsed.success) {
        logger.warn(
          { entryId: entry.sys.id, issues: parsed.error.issues },
          "content problem: invalid redirect",
        );
        return [];
      }
      return [
        { matcher: parsed.data.from, redirect: { to: parsed.data.to, permanent: parsed.data.permanent } },
      ];
    });
  }

  /** The site-wide settings (emergency banner); undefined when there are none or they do not hold. */
  function siteSettings(): Promise<SiteSettingsFields | undefined> {
    return settingsCache.get("settings", async () => {
      const reading = source.getEntriesOfType("siteSettings", { preview: false }).then(([entry]) => {
        const parsed = entry ? siteSettingsModel.schema.safeParse(entry.fields) : undefined;
        const settings = parsed?.success ? parsed.data : undefined;
        lastSettings = { value: settings };
        return settings;
      });
      return health
        .withLastGood(reading, lastSettings, { what: "site settings" }, (settings) =>
          settingsCache.set("settings", settings),
        )
        .catch(() => undefined);
    });
  }

  return {
    routeRules,
    siteSettings,
    clear: () => {
      rulesCache.clear();
      settingsCache.clear();
    },
  };
}
