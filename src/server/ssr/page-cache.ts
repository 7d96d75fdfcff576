import { CachePolicy } from "@/src/lib/cache-policy";

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

  constructor(
    private readonly freshForMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  static key(parts: { path: string; layoutKey: string; buildId: string; kind: "html" | "payload" }): string {
    return `${parts.kind}|${parts.buildId}|${parts.layoutKey}|${parts.path}`;
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
