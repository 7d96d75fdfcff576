import { CachePolicy } from "@/src/lib/cache-policy";
import {
  type ExperimentGroups,
  formatExperimentGroups,
  parseExperimentGroups,
} from "@/src/lib/experiment-groups";

/**
 * The cache of anonymous CMS pages and payloads (DESIGN section 4): per path, layout and build, with
 * stale-while-revalidate. An entry stays usable after it turns stale, so when the content source fails
 * the last good version is served; invalidation (webhook, changed file) drops entries so the next
 * request renders fresh.
 */
export type CachedResponse = {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /**
   * For a page: the hash sources of its inline scripts, computed once when it was cached (the HTML holds
   * no nonce, as everyone gets it); every hit answers with a script policy made of them.
   */
  scriptHashes?: readonly string[];
  /** Content entry ids (and `path:/x` markers) this response depends on, for invalidation. */
  tags: string[];
  storedAt: number;
  /** When the content is known to change (epoch ms): not fresh from then on. */
  freshUntil?: number;
};

/** What says whether a request is one visitor's own (a login, a preview, a basket) or may be shared. */
export type SharedRequest = { path: string; headers: { cookie?: string } };

/** The headers of a page's `_payload.json` shared by everyone (kept with its cache entry). */
export const SHARED_PAYLOAD_HEADERS: Array<[string, string]> = [
  ["Cache-Control", CachePolicy.pagePayload],
  ["Content-Type", "application/json; charset=utf-8"],
];

export type CacheLookup = { entry: CachedResponse; fresh: boolean } | undefined;

export class PageCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly revalidating = new Set<string>();
  /**
   * Per key (path, layout, build): the experiments its page shows a variant of, learned from the answers
   * stored (issue 43 item 5). Such a page has a copy per set of groups, never one for everyone.
   */
  private readonly variesBy = new Map<string, readonly string[]>();

  constructor(
    private readonly freshForMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  static key(parts: { path: string; layoutKey: string; buildId: string; kind: "html" | "payload" }): string {
    return `${parts.kind}|${parts.buildId}|${parts.layoutKey}|${parts.path}`;
  }

  /**
   * The key of the copy a visitor with these experiment groups gets: `key` itself for a page that shows
   * no experiment; undefined when the visitor has no group yet for an experiment the page shows (its
   * render draws one, and that answer is the visitor's alone).
   */
  copyKey(key: string, groups: ExperimentGroups): string | undefined {
    const experiments = this.variesBy.get(key);
    if (!experiments || experiments.length === 0) return key;
    const mine: Record<string, string> = {};
    for (const experiment of experiments) {
      const group = groups[experiment];
      if (group === undefined) return undefined;
      mine[experiment] = group;
    }
    return `${key}|${formatExperimentGroups(mine)}`;
  }

  /**
   * The key an answer rendered for `shownGroups` (the experiment groups header, or none) is stored
   * under; learns which experiments the page at `key` shows, so later visitors are looked up by group.
   */
  answerKey(key: string, shownGroups: string | null | undefined): string {
    const groups = parseExperimentGroups(shownGroups);
    this.variesBy.set(key, Object.keys(groups).sort());
    const variant = formatExperimentGroups(groups);
    return variant ? `${key}|${variant}` : key;
  }

  get(key: string): CacheLookup {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    const fresh =
      now - entry.storedAt < this.freshForMs && (entry.freshUntil === undefined || now < entry.freshUntil);
    return { entry, fresh };
  }

  set(key: string, entry: Omit<CachedResponse, "storedAt"> & { storedAt?: number }): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { ...entry, storedAt: entry.storedAt ?? this.now() });
  }

  /** Runs one background refresh per key at a time; a failed refresh keeps the stale entry. */
  revalidate(key: string, refresh: () => Promise<void>): void {
    if (this.revalidating.has(key)) return;
    this.revalidating.add(key);
    void refresh()
      .catch(() => undefined)
      .finally(() => this.revalidating.delete(key));
  }

  /** Drops every entry that depends on one of these tags; no tags drops everything. */
  invalidate(tags?: readonly string[]): number {
    if (!tags) {
      const size = this.entries.size;
      this.entries.clear();
      return size;
    }
    const wanted = new Set(tags);
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => wanted.has(tag))) {
        this.entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }
}
