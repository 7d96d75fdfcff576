import { afterEach, describe, expect, it } from "vitest";
import type { PageConfigType } from "@/src/domain/page-content";
import { ContentUnavailableError } from "@/src/lib/content-unavailable";
import { createLogger } from "@/src/server/logger";
import { TEST_RETENTION_OFFERS, TEST_SUBSCRIPTION_UPSELLS } from "@/tests/support/api-harness";
import {
  PAGE_CONFIG_TYPES,
  PUBLISHED_CHANGES,
  shownChange,
  withChange,
} from "@/tests/support/page-config-changes";
import { stubClients } from "@/tests/support/stub-clients";
import { until } from "@/tests/support/until";
import { type CmsService, createCmsService, createContentLookups } from "./cms-service.server";
import { createLocalSource } from "./source/local-source.server";
import type { ContentEntry, ContentSource } from "./source/types";

/**
 * The CMS service when the content source fails or hangs (DESIGN section 4: the last good version is
 * served), as the peak-day run (`npm run bench:peak`) makes it: 503s, then no answers at all.
 */
const entry = (id: string, type: string, fields: Record<string, unknown>): ContentEntry => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } } },
  fields,
});

type Mode = "up" | "failing" | "hanging";

/** A content source that answers, fails at once, or holds every read until `release()`. */
function switchableSource() {
  let mode: Mode = "up";
  let title = "Over ons, versie 1";
  let banner = "Storing bij iDEAL";
  const held: Array<() => void> = [];
  const answer = <T>(value: () => T): Promise<T> => {
    if (mode === "failing") return Promise.reject(new Error("503 Service Unavailable"));
    if (mode === "hanging") return new Promise<T>((resolve) => held.push(() => resolve(value())));
    return Promise.resolve(value());
  };
  const entriesOf = (type: string) => {
    if (type === "redirect") return [entry("redirect-actie", "redirect", { from: "/actie", to: "/loten" })];
    if (type === "siteSettings") {
      return [entry("site-settings", "siteSettings", { brandName: "Kroonloterij", emergencyBanner: banner })];
    }
    return [];
  };
  const source: ContentSource = {
    kind: "contentful",
    getPageEntry: (path) =>
      answer(() =>
        path === "/over-ons" ? entry("page-over-ons", "page", { title, path, blocks: [] }) : undefined,
      ),
    listPageEntries: () => answer(() => []),
    getEntriesOfType: (type) => answer(() => entriesOf(type)),
    getEntry: () => answer(() => undefined),
    ping: () => answer(() => undefined),
  };
  return {
    source,
    setMode: (next: Mode) => {
      mode = next;
    },
    publish: (next: { title?: string; banner?: string }) => {
      title = next.title ?? title;
      banner = next.banner ?? banner;
    },
    /** Answers every held read with the content as it is now. */
    release: () => {
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

let service: CmsService | undefined;
afterEach(() => service?.close());

/** The CMS service on a source, slow after 50 ms and probing for its recovery every 20 ms. */
function cmsOn(source: ContentSource, onInvalidate?: (tags?: string[]) => void): CmsService {
  const logger = createLogger("silent");
  const content = createContentLookups({ source, logger, slowSourceMs: 50, recoveryProbeMs: 20 });
  return createCmsService({ content, clients: stubClients([]), logger, onInvalidate });
}

function start(cms: ReturnType<typeof switchableSource>, onInvalidate: (tags?: string[]) => void = () => {}) {
  service = cmsOn(cms.source, onInvalidate);
  return service;
}

const titleOf = async (service: CmsService) =>
  (await service.getPage("/over-ons", { preview: false }))?.title;

describe("the CMS service while the content source is down", () => {
  it("serves the last good page when the source fails, and pages from the source once it is back", async () => {
    const cms = switchableSource();
    const dropped: Array<string[] | undefined> = [];
    const service = start(cms, (tags) => dropped.push(tags));
    expect(await titleOf(service)).toBe("Over ons, versie 1");

    cms.setMode("failing");
    cms.publish({ title: "Over ons, versie 2" });
    service.invalidate(["page-over-ons"], ["page"]);
    expect(await titleOf(service)).toBe("Over ons, versie 1");

    // Back: what was made from last good copies is dropped, so the page is made from the source again.
    dropped.length = 0;
    cms.setMode("up");
    await until(() => dropped.includes(undefined), "the recovered source to drop the cached pages");
    expect(await titleOf(service)).toBe("Over ons, versie 2");
  });

  it("answers with the last good page instead of waiting on a source that does not answer", async () => {
    const cms = switchableSource();
    const service = start(cms);
    expect(await titleOf(service)).toBe("Over ons, versie 1");

    cms.setMode("hanging");
    cms.publish({ title: "Over ons, versie 2" });
    service.invalidate(["page-over-ons"], ["page"]);
    const started = performance.now();
    expect(await titleOf(service)).toBe("Over ons, versie 1");
    expect(performance.now() - started).toBeLessThan(1_000);

    // The read that was waited for answers late: its page is the one served from then on.
    cms.release();
    await until(async () => (await titleOf(service)) === "Over ons, versie 2", "the late answer to count");
  });

  it("keeps the CMS redirects and the emergency banner while the source fails", async () => {
    const cms = switchableSource();
    const service = start(cms);
    const redirectsOf = async () =>
      (await service.routeRules()).filter((rule) => rule.matcher === "/actie").map((rule) => rule.redirect);
    expect(await redirectsOf()).toEqual([{ to: "/loten", permanent: false }]);
    expect((await service.siteSettings())?.emergencyBanner).toBe("Storing bij iDEAL");

    cms.setMode("failing");
    service.invalidate();
    expect(await redirectsOf()).toEqual([{ to: "/loten", permanent: false }]);
    expect((await service.siteSettings())?.emergencyBanner).toBe("Storing bij iDEAL");
  });

  it("stays ready while the source fails once it has pages to serve, and not before", async () => {
    const cms = switchableSource();
    const service = start(cms);
    cms.setMode("failing");
    await expect(service.ready()).rejects.toThrow("503");
    cms.setMode("hanging");
    await expect(service.ready()).rejects.toThrow("slower than 50 ms");

    cms.setMode("up");
    await titleOf(service);
    cms.setMode("failing");
    await expect(service.ready()).resolves.toBeUndefined();
    cms.setMode("hanging");
    await expect(service.ready()).resolves.toBeUndefined();
    cms.release();
  });

  it("fails a page it has never had when the source fails", async () => {
    const cms = switchableSource();
    const service = start(cms);
    cms.setMode("failing");
    await expect(service.getPage("/over-ons", { preview: false })).rejects.toThrow("503");
  });
});

describe("the subscription offers of the form blocks", () => {
  /** A source with one form block whose promotion an editor changes; it can fail. */
  function offerSource() {
    let discountPercent = 50;
    let failing = false;
    let reads = 0;
    const block = () =>
      entry("form-abonnement", "subscriptionConfigurator", {
        pageId: "abonnement",
        promotion: entry("proef", "subscriptionPromotion", {
          promotionId: "proef",
          label: "Proefabonnement",
          draws: 3,
          discountPercent,
          trial: true,
        }),
      });
    const source: ContentSource = {
      kind: "contentful",
      getPageEntry: async () => undefined,
      listPageEntries: async () => [],
      getEntriesOfType: async (type) => {
        if (failing) throw new Error("503 Service Unavailable");
        if (type !== "subscriptionConfigurator") return [];
        reads++;
        return [block()];
      },
      getEntry: async () => undefined,
      ping: async () => {
        if (failing) throw new Error("503 Service Unavailable");
      },
    };
    return {
      source,
      reads: () => reads,
      edit: (percent: number) => {
        discountPercent = percent;
      },
      fail: (value: boolean) => {
        failing = value;
      },
    };
  }

  it("reads the blocks once for many pages, again after a change, and keeps the last good ones while the source fails", async () => {
    const cms = offerSource();
    service = cmsOn(cms.source);
    expect(
      (await service.pageConfig("subscriptionConfigurator", "abonnement"))?.promotion?.discountPercent,
    ).toBe(50);
    expect(await service.pageConfig("subscriptionConfigurator", "bestaat-niet")).toBeUndefined();
    expect(cms.reads()).toBe(1);

    // A promotion is an entry of its own: a change of it drops the offers.
    cms.edit(40);
    service.invalidate(["proef"], ["subscriptionPromotion"]);
    expect(
      (await service.pageConfig("subscriptionConfigurator", "abonnement"))?.promotion?.discountPercent,
    ).toBe(40);

    cms.fail(true);
    service.invalidate(["proef"], ["subscriptionPromotion"]);
    expect(
      (await service.pageConfig("subscriptionConfigurator", "abonnement"))?.promotion?.discountPercent,
    ).toBe(40);
  });

  it("says the offers are unavailable while the source fails with no last good copy, and does not keep that", async () => {
    const cms = offerSource();
    cms.fail(true);
    service = cmsOn(cms.source);
    await expect(service.pageConfig("subscriptionConfigurator", "abonnement")).rejects.toBeInstanceOf(
      ContentUnavailableError,
    );
    // Not "this page sells nothing" for the next half minute: the next call reads again.
    cms.fail(false);
    expect(
      (await service.pageConfig("subscriptionConfigurator", "abonnement"))?.promotion?.discountPercent,
    ).toBe(50);
  });
});

describe("the upsell blocks and the cancellation page's retention offers", () => {
  /** A source with one upsell block and one cancellation entry whose offer an editor changes; it can fail. */
  function changeSource() {
    let pauseDraws = 3;
    let failing = false;
    const reads: string[] = [];
    const entriesOf = (type: string) => {
      if (type === "subscriptionUpsell") {
        return [
          entry("upsell-oudejaars", "subscriptionUpsell", {
            pageId: "oudejaars-upsell",
            kind: "draw",
            drawKind: "yearEnd",
            title: "Speel mee op 31 december",
          }),
        ];
      }
      if (type === "subscriptionCancellation") {
        return [
          entry("opzeggen", "subscriptionCancellation", {
            pageId: "abonnement-opzeggen",
            offers: [
              entry("pauze", "retentionOffer", {
                offerId: "pauze",
                kind: "pause",
                title: "Pauze",
                description: "Even niet meespelen.",
                draws: pauseDraws,
              }),
            ],
          }),
        ];
      }
      return [];
    };
    const source: ContentSource = {
      kind: "contentful",
      getPageEntry: async () => undefined,
      listPageEntries: async () => [],
      getEntriesOfType: async (type) => {
        if (failing) throw new Error("503 Service Unavailable");
        reads.push(type);
        return entriesOf(type);
      },
      getEntry: async () => undefined,
      ping: async () => {
        if (failing) throw new Error("503 Service Unavailable");
      },
    };
    return {
      source,
      reads: (type: string) => reads.filter((read) => read === type).length,
      edit: (draws: number) => {
        pauseDraws = draws;
      },
      fail: (value: boolean) => {
        failing = value;
      },
    };
  }

  const start = (cms: ReturnType<typeof changeSource>) => {
    service = cmsOn(cms.source);
    return service;
  };
  const pauseDraws = async (service: CmsService) => {
    const offer = (await service.pageConfig("subscriptionCancellation", "abonnement-opzeggen"))?.offers[0];
    return offer?.kind === "pause" ? offer.draws : undefined;
  };

  it("reads each type once for many calls, again after a change, and keeps the last good ones while the source fails", async () => {
    const cms = changeSource();
    const service = start(cms);
    expect(await service.pageConfig("subscriptionUpsell", "oudejaars-upsell")).toEqual({
      pageId: "oudejaars-upsell",
      kind: "draw",
      drawKind: "yearEnd",
    });
    expect(await service.pageConfig("subscriptionUpsell", "bestaat-niet")).toBeUndefined();
    expect(await pauseDraws(service)).toBe(3);
    expect(await service.pageConfig("subscriptionCancellation", "bestaat-niet")).toBeUndefined();
    expect([cms.reads("subscriptionUpsell"), cms.reads("subscriptionCancellation")]).toEqual([1, 1]);

    // A retention offer is an entry of its own: a change of it drops the offers.
    cms.edit(2);
    service.invalidate(["pauze"], ["retentionOffer"]);
    expect(await pauseDraws(service)).toBe(2);

    cms.fail(true);
    service.invalidate(["pauze"], ["retentionOffer"]);
    expect(await pauseDraws(service)).toBe(2);
    expect((await service.pageConfig("subscriptionUpsell", "oudejaars-upsell"))?.kind).toBe("draw");
  });

  it("says they are unavailable while the source fails with no last good copy, and does not keep that", async () => {
    const cms = changeSource();
    cms.fail(true);
    const service = start(cms);
    await expect(
      service.pageConfig("subscriptionCancellation", "abonnement-opzeggen"),
    ).rejects.toBeInstanceOf(ContentUnavailableError);
    await expect(service.pageConfig("subscriptionUpsell", "oudejaars-upsell")).rejects.toBeInstanceOf(
      ContentUnavailableError,
    );
    cms.fail(false);
    expect(await pauseDraws(service)).toBe(3);
    expect((await service.pageConfig("subscriptionUpsell", "oudejaars-upsell"))?.kind).toBe("draw");
  });
});

describe("the seed content in content/", () => {
  it("has the upsell blocks and the cancellation page's offers the API tests assume", async () => {
    const problems: unknown[] = [];
    const source = createLocalSource({ dir: "content", onProblems: (found) => problems.push(...found) });
    service = createCmsService({
      content: createContentLookups({ source, logger: createLogger("silent") }),
      clients: stubClients([]),
      logger: createLogger("silent"),
    });
    for (const upsell of TEST_SUBSCRIPTION_UPSELLS) {
      expect(await service.pageConfig("subscriptionUpsell", upsell.pageId)).toEqual(upsell);
    }
    for (const page of TEST_RETENTION_OFFERS) {
      expect(await service.pageConfig("subscriptionCancellation", page.pageId)).toEqual(page);
    }
    expect(problems).toEqual([]);
  });
});

describe("the page-config blocks after a published change", () => {
  it("shows every block type's published change once the CMS webhook has invalidated it", async () => {
    // The seed content as a Contentful space serves it, with the changes editors have published so far.
    const seed = createLocalSource({ dir: "content" });
    const published: PageConfigType[] = [];
    const source: ContentSource = {
      ...seed,
      watch: undefined,
      getEntriesOfType: async (type, options) =>
        published.reduce<ContentEntry[]>(
          (entries, changed) => withChange(entries, PUBLISHED_CHANGES[changed]) as ContentEntry[],
          await seed.getEntriesOfType(type, options),
        ),
    };
    const cms = cmsOn(source);
    service = cms;

    for (const type of PAGE_CONFIG_TYPES) {
      const { entry, after } = PUBLISHED_CHANGES[type];
      const before = await shownChange(cms.pageConfig, type);
      expect(before, type).toBeDefined();
      expect(before, type).not.toEqual(after);
      published.push(type);
      expect(await shownChange(cms.pageConfig, type), `${type} before the webhook`).toEqual(before);
      cms.invalidate([entry.id], [entry.contentType]);
      expect(await shownChange(cms.pageConfig, type), `${type} after the webhook`).toEqual(after);
    }
  });
});
