import type { Logger } from "pino";
import type { RouteRule } from "@/src/lib/route-rules";
import type { ApiClients } from "@/src/shop/client/api-caller";
import { createPageConfigs } from "./page-configs.server";
import { createPageResolver } from "./page-resolver.server";
import { createSiteWideContent } from "./site-wide.server";
import type { ContentSource } from "./source/types";
import { createSourceHealth } from "./source-health.server";

/** Content types whose change affects every page (menus, site-wide texts, redirects). */
const SITE_WIDE_TYPES = new Set(["redirect", "navigation", "navigationLink", "siteSettings"]);

export type ContentLookups = ReturnType<typeof createContentLookups>;
export type CmsService = ReturnType<typeof createCmsService>;

/** Entry ids that changed (undefined: anything may have) and their content types. */
export type ContentChange = { ids?: string[]; contentTypes: string[] };

/**
 * What the content source says that needs nothing of the shop API: the page configs the API reads by
 * block type and page id, the site settings, the footer's HTML and the route rules, and the source's
 * health. It is made before the API, which reads it; the pages, whose blocks call the API, are made after
 * (createCmsService).
 */
export function createContentLookups(options: {
  source: ContentSource;
  logger: Logger;
  extraRouteRules?: readonly RouteRule[];
  slowSourceMs?: number;
  recoveryProbeMs?: number;
  onLastGood?: () => void;
}) {
  const health = createSourceHealth(options);
  const pageConfigs = createPageConfigs({ ...options, health });
  const siteWide = createSiteWideContent({ ...options, health });
  return {
    source: options.source,
    health,
    pageConfig: pageConfigs.pageConfig,
    siteSettings: siteWide.siteSettings,
    footerHtml: siteWide.footerHtml,
    routeRules: siteWide.routeRules,
    /** Drops the page configs of every block type, and the site-wide content when `siteWide`. */
    clear: ({ siteWide: all }: { siteWide: boolean }) => {
      if (all) siteWide.clear();
      pageConfigs.clear();
    },
  };
}

/**
 * The CMS (DESIGN section 4): pages by path on top of the content lookups, and invalidation on change,
 * which drops everything a change may affect in this process and tells the other processes.
 */
export function createCmsService(options: {
  content: ContentLookups;
  /** Clients without any player's cookies: resolved pages are shared by every visitor. */
  clients: ApiClients;
  logger: Logger;
  /** Called with the entry ids that changed (undefined: everything). */
  onInvalidate?: (tags: string[] | undefined) => void;
  /** Tells the other processes of the shop about a change this one was told about (a webhook call). */
  publish?: (change: ContentChange) => void;
}) {
  const { content, logger } = options;
  const { health, source } = content;
  const pages = createPageResolver({ source, clients: options.clients, logger, health });

  /** Drops what a change affects in this process only. */
  function invalidateHere(changedIds?: readonly string[], contentTypes: readonly string[] = []): void {
    const siteWide = !changedIds || contentTypes.some((type) => SITE_WIDE_TYPES.has(type));
    // A promotion, a sweepstake or a retention offer is an entry of its own: any change may be a block's.
    content.clear({ siteWide });
    pages.clear();
    health.changed();
    logger.info({ changedIds, siteWide }, "content changed: invalidating");
    options.onInvalidate?.(siteWide ? undefined : [...changedIds]);
  }

  /** A change the CMS told this process about: dropped here, and in every other process of the shop. */
  function invalidate(changedIds?: readonly string[], contentTypes: readonly string[] = []): void {
    invalidateHere(changedIds, contentTypes);
    options.publish?.({ ids: changedIds ? [...changedIds] : undefined, contentTypes: [...contentTypes] });
  }

  /**
   * Ready to serve pages (readiness): the source answers in time, or there are last good pages to serve
   * while it does not. A CMS outage must not take every process of the shop out of a load balancer's
   * rotation while they can serve; a process that never had a page can not, and says so.
   */
  async function ready(): Promise<void> {
    try {
      await health.pingInTime();
    } catch (error) {
      if (!pages.hasLastGood()) throw error;
    }
  }

  // Back after failing: what was made from last good copies is made from the source again.
  health.onRecovered(() => {
    logger.info("content source back: pages made from last good copies are made again");
    invalidateHere();
  });
  // A changed file may be anything (a redirect, the menu): drop everything, edits are rare. Every process
  // watches the files itself, so this is not published.
  const stopWatching = source.watch?.(() => invalidateHere());

  return {
    source,
    getPage: pages.getPage,
    readConceptsFrom: pages.readConceptsFrom,
    routeRules: content.routeRules,
    siteSettings: content.siteSettings,
    footerHtml: content.footerHtml,
    pageConfig: content.pageConfig,
    invalidate,
    /** A change another process was told about (PostgreSQL NOTIFY, DESIGN section 4). */
    applyPeerChange: (change: ContentChange) => invalidateHere(change.ids, change.contentTypes),
    listPages: (preview: boolean) => source.listPageEntries({ preview }),
    ready,
    close: () => {
      stopWatching?.();
      health.close();
    },
  };
}
