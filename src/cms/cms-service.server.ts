import type { Logger } from "pino";
import { blockDefinition } from "@/blocks/registry.server";
import { redirectModel } from "@/content-models/redirect";
import type { ContentNotice, ResolvedPage } from "@/content-models/resolved";
import { type SiteSettingsFields, siteSettingsModel } from "@/content-models/site-settings";
import type { ApiClients } from "@/src/api/client/api-caller";
import { type RouteRule, routeRules as staticRouteRules } from "@/src/lib/route-rules";
import { TtlCache } from "@/src/lib/ttl-cache";
import { renderContentBlocks } from "./render/server-rendered-blocks.server";
import { resolvePage } from "./resolve-page.server";
import type { ContentSource } from "./source/types";

/** Content types whose change affects every page (menus, site-wide texts, redirects). */
const SITE_WIDE_TYPES = new Set(["redirect", "navigation", "navigationLink", "siteSettings"]);
const ROUTE_RULES_TTL_MS = 30_000;
const RESOLVED_PAGE_TTL_MS = 30_000;

export type CmsService = ReturnType<typeof createCmsService>;

/** Entry ids that changed (undefined: anything may have) and their content types. */
export type ContentChange = { ids?: string[]; contentTypes: string[] };

/**
 * Pages from the content source (DESIGN section 4): resolution, CMS redirects joined to the route rules,
 * the last good version of each page when the source fails, and invalidation on change.
 */
export function createCmsService(options: {
  source: ContentSource;
  /** Clients without any player's cookies: resolved pages are shared by every visitor. */
  clients: ApiClients;
  logger: Logger;
  extraRouteRules?: readonly RouteRule[];
  /** Called with the entry ids that changed (undefined: everything). */
  onInvalidate?: (tags: string[] | undefined) => void;
  /** Tells the other processes of the shop about a change this one was told about (a webhook call). */
  publish?: (change: ContentChange) => void;
}) {
  const { source, logger } = options;
  const lastGood = new Map<string, ResolvedPage>();
  const rulesCache = new TtlCache<RouteRule[]>(ROUTE_RULES_TTL_MS, 1);
  const settingsCache = new TtlCache<SiteSettingsFields | undefined>(ROUTE_RULES_TTL_MS, 1);
  // Resolved published pages, shared by every render of a path until content changes (or 30 s pass,
  // so loader data such as the countdown's next draw stays current).
  const resolvedCache = new TtlCache<ResolvedPage | undefined>(RESOLVED_PAGE_TTL_MS, 5_000);

  const logNotices = (path: string, notices: ContentNotice[]) => {
    for (const notice of notices) {
      logger[notice.severity === "error" ? "warn" : "info"]({ path, ...notice }, "content problem");
    }
  };

  function getPage(path: string, { preview }: { preview: boolean }): Promise<ResolvedPage | undefined> {
    return preview ? loadPage(path, true) : resolvedCache.get(path, () => loadPage(path, false));
  }

  async function loadPage(path: string, preview: boolean): Promise<ResolvedPage | undefined> {
    try {
      const entry = await source.getPageEntry(path, { preview });
      if (!entry) {
        if (!preview) lastGood.delete(path);
        return undefined;
      }
      const resolved = await resolvePage(entry, {
        preview,
        blocks: blockDefinition,
        clients: options.clients,
      });
      const page =
        resolved &&
        (await renderContentBlocks(resolved, (notice, error) =>
          logger.error({ err: error, path, ...notice }, "content problem: block failed to render"),
        ));
      if (page) logNotices(path, page.notices);
      else logger.warn({ path, entryId: entry.sys.id }, "content problem: page entry is not valid");
      if (page && !preview) lastGood.set(path, page);
      return page;
    } catch (error) {
      // When the CMS is down, the last good version of the page is served (DESIGN section 4).
      const last = preview ? undefined : lastGood.get(path);
      logger.error({ err: error, path, servedLastGood: Boolean(last) }, "content source failed");
      if (last) return last;
      throw error;
    }
  }

  async function cmsRedirects(): Promise<RouteRule[]> {
    try {
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
    } catch (error) {
      logger.error({ err: error }, "content source failed: redirects");
      return [];
    }
  }

  /** The site-wide settings (emergency banner), cached like the route rules. */
  function siteSettings(): Promise<SiteSettingsFields | undefined> {
    return settingsCache.get("settings", async () => {
      try {
        const [entry] = await source.getEntriesOfType("siteSettings", { preview: false });
        const parsed = entry ? siteSettingsModel.schema.safeParse(entry.fields) : undefined;
        return parsed?.success ? parsed.data : undefined;
      } catch (error) {
        logger.error({ err: error }, "content source failed: site settings");
        return undefined;
      }
    });
  }

  /** The route rules of this build plus the CMS redirects (spec section 2, section 7 builds/meta). */
  function routeRules(): Promise<RouteRule[]> {
    return rulesCache.get("rules", async () => [
      ...staticRouteRules,
      ...(options.extraRouteRules ?? []),
      ...(await cmsRedirects()),
    ]);
  }

  /** Drops what a change affects in this process only. */
  function invalidateHere(changedIds?: readonly string[], contentTypes: readonly string[] = []): void {
    const siteWide = !changedIds || contentTypes.some((type) => SITE_WIDE_TYPES.has(type));
    if (siteWide) {
      rulesCache.clear();
      settingsCache.clear();
    }
    resolvedCache.clear();
    logger.info({ changedIds, siteWide }, "content changed: invalidating");
    options.onInvalidate?.(siteWide ? undefined : [...changedIds]);
  }

  /** A change the CMS told this process about: dropped here, and in every other process of the shop. */
  function invalidate(changedIds?: readonly string[], contentTypes: readonly string[] = []): void {
    invalidateHere(changedIds, contentTypes);
    options.publish?.({ ids: changedIds ? [...changedIds] : undefined, contentTypes: [...contentTypes] });
  }

  // A changed file may be anything (a redirect, the menu): drop everything, edits are rare. Every process
  // watches the files itself, so this is not published.
  const stopWatching = source.watch?.(() => invalidateHere());

  return {
    source,
    getPage,
    routeRules,
    siteSettings,
    invalidate,
    /** A change another process was told about (PostgreSQL NOTIFY, DESIGN section 4). */
    applyPeerChange: (change: ContentChange) => invalidateHere(change.ids, change.contentTypes),
    listPages: (preview: boolean) => source.listPageEntries({ preview }),
    ping: () => source.ping(),
    close: () => stopWatching?.(),
  };
}
