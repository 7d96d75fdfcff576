import type { Logger } from "pino";
import { blockDefinition } from "@/blocks/registry.server";
import { redirectModel } from "@/content-models/redirect";
import type { ContentNotice, ResolvedPage } from "@/content-models/resolved";
import { type SiteSettingsFields, siteSettingsModel } from "@/content-models/site-settings";
import type { RetentionOfferPage, SubscriptionUpsell } from "@/src/domain/subscriptions/changes";
import type { SubscriptionPageOffer } from "@/src/domain/subscriptions/plan";
import { ContentUnavailableError } from "@/src/lib/content-unavailable";
import { type RouteRule, routeRules as staticRouteRules } from "@/src/lib/route-rules";
import { TtlCache } from "@/src/lib/ttl-cache";
import { withTimeout } from "@/src/lib/with-timeout";
import type { ApiClients } from "@/src/shop/client/api-caller";
import { affiliateOffers } from "./affiliate-tickets";
import { gamePages } from "./game-pages";
import { giftTicketOffers } from "./gift-tickets";
import { promotionPages } from "./promotion-pages";
import { renderContentBlocks } from "./render/server-rendered-blocks.server";
import { resolvePage } from "./resolve-page.server";
import type { ContentEntry, ContentSource } from "./source/types";
import { retentionOfferPages, subscriptionUpsells } from "./subscription-changes";
import { type OfferProblem, subscriptionOffers } from "./subscription-offers";

/** Content types whose change affects every page (menus, site-wide texts, redirects). */
const SITE_WIDE_TYPES = new Set(["redirect", "navigation", "navigationLink", "siteSettings"]);
const ROUTE_RULES_TTL_MS = 30_000;
const RESOLVED_PAGE_TTL_MS = 30_000;
/**
 * When a last good copy exists, how long a read of the source may take before the copy is served instead.
 * The read goes on and, when it answers, refreshes the cache: a hanging CMS costs a visitor this long, not
 * the SDK's time-out for each of the rules, the page and the site settings in turn.
 */
const SLOW_SOURCE_MS = 1_000;
/** While the source fails or is slow, how often it is asked whether it is back. */
const RECOVERY_PROBE_MS = 5_000;

const SLOW = Symbol("slow");

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
  slowSourceMs?: number;
  recoveryProbeMs?: number;
}) {
  const { source, logger } = options;
  const slowSourceMs = options.slowSourceMs ?? SLOW_SOURCE_MS;
  const recoveryProbeMs = options.recoveryProbeMs ?? RECOVERY_PROBE_MS;
  const lastGood = new Map<string, ResolvedPage>();
  let lastRedirects: { value: RouteRule[] } | undefined;
  let lastSettings: { value: SiteSettingsFields | undefined } | undefined;
  let lastOffers: { value: Map<string, SubscriptionPageOffer> } | undefined;
  /** Counts invalidations. */
  let generation = 0;
  const rulesCache = new TtlCache<RouteRule[]>(ROUTE_RULES_TTL_MS, 1);
  const settingsCache = new TtlCache<SiteSettingsFields | undefined>(ROUTE_RULES_TTL_MS, 1);
  const offersCache = new TtlCache<Map<string, SubscriptionPageOffer>>(ROUTE_RULES_TTL_MS, 1);
  const upsells = entriesByPageId("subscriptionUpsell", "upsell blocks", subscriptionUpsells);
  const retention = entriesByPageId("subscriptionCancellation", "retention offers", retentionOfferPages);
  const gifts = entriesByPageId("giftTicket", "gift ticket blocks", giftTicketOffers);
  const affiliates = entriesByPageId("affiliateTicket", "affiliate ticket blocks", affiliateOffers);
  const promotions = entriesByPageId("promotion", "promotion blocks", promotionPages);
  const games = entriesByPageId("gameOfChance", "game of chance blocks", gamePages);
  // Resolved published pages, shared by every render of a path until content changes (or 30 s pass,
  // so loader data such as the countdown's next draw stays current).
  const resolvedCache = new TtlCache<ResolvedPage | undefined>(RESOLVED_PAGE_TTL_MS, 5_000);

  const logNotices = (path: string, notices: ContentNotice[]) => {
    for (const notice of notices) {
      logger[notice.severity === "error" ? "warn" : "info"]({ path, ...notice }, "content problem");
    }
  };

  function getPage(path: string, { preview }: { preview: boolean }): Promise<ResolvedPage | undefined> {
    if (preview) return readPage(path, true);
    return resolvedCache.get(path, () => {
      const last = lastGood.get(path);
      return withLastGood(readPage(path, false), last && { value: last }, { path }, (page) =>
        resolvedCache.set(path, page),
      );
    });
  }

  /** A page as the source has it now; a published one becomes the page's last good copy. */
  async function readPage(path: string, preview: boolean): Promise<ResolvedPage | undefined> {
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
  }

  /**
   * A read of the source with the last good answer to fall back on (DESIGN section 4: when the CMS is
   * down, the last good version is served). Without a last good answer the read is awaited and may fail.
   * With one, a failed read, or one that has not answered within `slowSourceMs`, gives the last good
   * answer, and the source is watched until it is back. A read that answers late goes to `refresh`.
   */
  async function withLastGood<T>(
    reading: Promise<T>,
    last: { value: T } | undefined,
    about: Record<string, unknown>,
    refresh: (value: T) => void,
  ): Promise<T> {
    if (!last) {
      return reading.catch((error: unknown) => {
        logger.error({ err: error, ...about, servedLastGood: false }, "content source failed");
        throw error;
      });
    }
    // A late answer to a read from before an invalidation is not newer than what the invalidation wants.
    const readInGeneration = generation;
    // Known to be failing (watched for recovery): the last good answer at once, the read only refreshes.
    const patience = probe ? 0 : slowSourceMs;
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<typeof SLOW>((resolve) => {
      timer = setTimeout(() => resolve(SLOW), patience);
    });
    try {
      const outcome = await Promise.race([reading, slow]);
      if (outcome !== SLOW) return outcome;
      logger.warn(
        { ...about, servedLastGood: true, waitedMs: patience },
        patience > 0 ? "content source slow" : "content source still failing",
      );
      reading.then(
        (value) => {
          if (generation === readInGeneration) refresh(value);
        },
        (error: unknown) => logger.error({ err: error, ...about }, "content source failed"),
      );
    } catch (error) {
      logger.error({ err: error, ...about, servedLastGood: true }, "content source failed");
    } finally {
      clearTimeout(timer);
    }
    watchForRecovery();
    return last.value;
  }

  /**
   * Pages made while the source failed hold last good copies, which may be older than what editors have
   * published since. Once the source answers (within `slowSourceMs`) again, everything this process cached
   * is dropped, as after a lost notification connection: the next visitors get pages made from the source.
   */
  let probe: NodeJS.Timeout | undefined;
  function watchForRecovery(): void {
    if (probe) return;
    let asking = false;
    probe = setInterval(() => {
      if (asking) return;
      asking = true;
      pingInTime()
        .then(() => {
          clearInterval(probe);
          probe = undefined;
          logger.info("content source back: pages made from last good copies are made again");
          invalidateHere();
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    }, recoveryProbeMs);
    probe.unref();
  }

  /** The source's ping, failed when it takes longer than `slowSourceMs`. */
  function pingInTime(): Promise<void> {
    return withTimeout(source.ping(), slowSourceMs, `content source slower than ${slowSourceMs} ms`);
  }

  /**
   * Ready to serve pages (readiness): the source answers in time, or there are last good pages to serve
   * while it does not. A CMS outage must not take every process of the shop out of a load balancer's
   * rotation while they can serve; a process that never had a page can not, and says so.
   */
  async function ready(): Promise<void> {
    try {
      await pingInTime();
    } catch (error) {
      if (lastGood.size === 0) throw error;
    }
  }

  function cmsRedirects(): Promise<RouteRule[]> {
    const reading = readRedirects().then((rules) => {
      lastRedirects = { value: rules };
      return rules;
    });
    // Without any redirects yet, the build's own route rules still serve.
    return withLastGood(reading, lastRedirects, { what: "redirects" }, () => rulesCache.clear()).catch(
      () => [],
    );
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

  /**
   * The site-wide settings (emergency banner), cached like the route rules; the last good ones while the
   * source fails, so a banner does not vanish just when it may matter most.
   */
  function siteSettings(): Promise<SiteSettingsFields | undefined> {
    return settingsCache.get("settings", async () => {
      const reading = source.getEntriesOfType("siteSettings", { preview: false }).then(([entry]) => {
        const parsed = entry ? siteSettingsModel.schema.safeParse(entry.fields) : undefined;
        const settings = parsed?.success ? parsed.data : undefined;
        lastSettings = { value: settings };
        return settings;
      });
      return withLastGood(reading, lastSettings, { what: "site settings" }, (settings) =>
        settingsCache.set("settings", settings),
      ).catch(() => undefined);
    });
  }

  /**
   * What editors attached to the subscription form block with this page id (its promotion and sweepstake),
   * for the shop API, which sells only what a block offers; undefined when no block has the id. Cached like
   * the site settings, with the last good offers while the source fails (sign-ups go on during an outage).
   */
  async function subscriptionOffer(pageId: string): Promise<SubscriptionPageOffer | undefined> {
    const offers = await offersCache.get("offers", async () => {
      const reading = source
        .getEntriesOfType("subscriptionConfigurator", { preview: false })
        .then((entries) => {
          const parsed = subscriptionOffers(entries, (problem) =>
            logger.warn(problem, "content problem: invalid subscription offer"),
          );
          lastOffers = { value: parsed };
          return parsed;
        });
      // Without a last good copy a failure is not cached (the next call reads again) and is not "no offers":
      // the API answers 503 rather than telling players the page sells nothing.
      return withLastGood(reading, lastOffers, { what: "subscription offers" }, (value) =>
        offersCache.set("offers", value),
      ).catch((error: unknown) => {
        throw new ContentUnavailableError(error);
      });
    });
    return offers.get(pageId);
  }

  /**
   * Entries of one content type by page id, parsed with `parse`, cached and with the last good copy while
   * the source fails, like the subscription offers (a failure without a last good copy is not cached and
   * is ContentUnavailableError, not "nothing offered").
   */
  function entriesByPageId<T>(
    contentType: string,
    what: string,
    parse: (entries: readonly ContentEntry[], report: (problem: OfferProblem) => void) => Map<string, T>,
  ) {
    const cache = new TtlCache<Map<string, T>>(ROUTE_RULES_TTL_MS, 1);
    let last: { value: Map<string, T> } | undefined;
    return {
      get: async (pageId: string): Promise<T | undefined> => {
        const byPageId = await cache.get(contentType, async () => {
          const reading = source.getEntriesOfType(contentType, { preview: false }).then((entries) => {
            const parsed = parse(entries, (problem) =>
              logger.warn(problem, `content problem: invalid ${what}`),
            );
            last = { value: parsed };
            return parsed;
          });
          return withLastGood(reading, last, { what }, (value) => cache.set(contentType, value)).catch(
            (error: unknown) => {
              throw new ContentUnavailableError(error);
            },
          );
        });
        return byPageId.get(pageId);
      },
      clear: () => cache.clear(),
    };
  }

  /** The upsell block with this page id (XL or a draw), for the shop API; undefined when none has it. */
  function subscriptionUpsell(pageId: string): Promise<SubscriptionUpsell | undefined> {
    return upsells.get(pageId);
  }

  /** The retention offers of the cancellation entry with this page id; undefined when none has it. */
  function retentionOffers(pageId: string): Promise<RetentionOfferPage | undefined> {
    return retention.get(pageId);
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
    // A promotion or sweepstake is an entry of its own: any change may be one.
    offersCache.clear();
    // A retention offer, too, is an entry of its own.
    upsells.clear();
    retention.clear();
    gifts.clear();
    affiliates.clear();
    promotions.clear();
    generation++;
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
    subscriptionOffer,
    subscriptionUpsell,
    retentionOffers,
    /** The gift ticket block with this page id (issue 17), for the shop API; undefined when none has it. */
    giftTicketOffer: (pageId: string) => gifts.get(pageId),
    /** The affiliate ticket block with this page id (issue 17), for the shop API; undefined when none has it. */
    affiliateOffer: (pageId: string) => affiliates.get(pageId),
    /** The promotion block with this page id (issue 18), for the shop API; undefined when none has it. */
    promotionPage: (pageId: string) => promotions.get(pageId),
    /** The game of chance block with this page id (issue 19), for the shop API; undefined when none has it. */
    gamePage: (pageId: string) => games.get(pageId),
    invalidate,
    /** A change another process was told about (PostgreSQL NOTIFY, DESIGN section 4). */
    applyPeerChange: (change: ContentChange) => invalidateHere(change.ids, change.contentTypes),
    listPages: (preview: boolean) => source.listPageEntries({ preview }),
    ready,
    close: () => {
      stopWatching?.();
      clearInterval(probe);
    },
  };
}
