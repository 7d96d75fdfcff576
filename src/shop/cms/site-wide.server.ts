import type { Logger } from "pino";
import type { z } from "zod";
import { type NavigationFields, navigationModel } from "@/content-models/navigation";
import { redirectModel } from "@/content-models/redirect";
import { type SiteSettingsFields, siteSettingsModel } from "@/content-models/site-settings";
import { type RouteRule, routeRules as staticRouteRules } from "@/src/lib/route-rules";
import { TtlCache } from "@/src/lib/ttl-cache";
import { footerFromContent, renderFooterHtml } from "./footer.server";
import type { ContentSource } from "./source/types";
import type { SourceHealth } from "./source-health.server";

const SITE_WIDE_TTL_MS = 30_000;

/**
 * What the CMS says for every page: the CMS redirects (joined to the build's route rules), the site
 * settings (emergency banner, footer texts) and the navigation (footer links), cached, and the last good
 * ones while the source fails, so a banner does not vanish just when it may matter most.
 */
export function createSiteWideContent(options: {
  source: ContentSource;
  logger: Logger;
  health: SourceHealth;
  extraRouteRules?: readonly RouteRule[];
}) {
  const { source, logger, health } = options;
  let lastRedirects: { value: RouteRule[] } | undefined;
  const rulesCache = new TtlCache<RouteRule[]>(SITE_WIDE_TTL_MS, 1);

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

  const settings = singleEntry(options, "siteSettings", siteSettingsModel.schema, "site settings");
  const navigation = singleEntry(options, "navigation", navigationModel.schema, "navigation");

  let footer: { settings?: SiteSettingsFields; navigation?: NavigationFields; html: string } | undefined;

  /**
   * The footer as HTML: the site settings' texts and the navigation's footer links, each the shop's own
   * when the CMS has none that hold (issue 43), rendered again only when either entry was read anew.
   * Never fails and is never empty.
   */
  async function footerHtml(): Promise<string> {
    const [siteSettings, menus] = await Promise.all([settings.read(), navigation.read()]);
    if (!footer || footer.settings !== siteSettings || footer.navigation !== menus) {
      const html = renderFooterHtml(footerFromContent(siteSettings, menus));
      footer = { settings: siteSettings, navigation: menus, html };
    }
    return footer.html;
  }

  return {
    routeRules,
    /** The site-wide settings (emergency banner); undefined when there are none or they do not hold. */
    siteSettings: settings.read,
    footerHtml,
    clear: () => {
      rulesCache.clear();
      settings.clear();
      navigation.clear();
    },
  };
}

type SiteWideSource = { source: ContentSource; logger: Logger; health: SourceHealth };

/**
 * The one entry of a content type, parsed with its model, cached and served from its last good copy
 * while the source fails; undefined when there is none or it does not hold (logged as a content problem).
 */
function singleEntry<T>(
  { source, logger, health }: SiteWideSource,
  contentType: string,
  schema: z.ZodType<T>,
  what: string,
) {
  let last: { value: T | undefined } | undefined;
  const cache = new TtlCache<T | undefined>(SITE_WIDE_TTL_MS, 1);
  const read = (): Promise<T | undefined> =>
    cache.get(contentType, async () => {
      const reading = source.getEntriesOfType(contentType, { preview: false }).then(([entry]) => {
        const parsed = entry ? schema.safeParse(entry.fields) : undefined;
        if (entry && parsed && !parsed.success) {
          logger.warn(
            { entryId: entry.sys.id, issues: parsed.error.issues },
            `content problem: invalid ${what}`,
          );
        }
        const value = parsed?.success ? parsed.data : undefined;
        last = { value };
        return value;
      });
      return health
        .withLastGood(reading, last, { what }, (value) => cache.set(contentType, value))
        .catch(() => undefined);
    });
  return { read, clear: () => cache.clear() };
}
