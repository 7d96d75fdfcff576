/**
 * A failed chunk load (usually after a deploy removed old assets) triggers one full reload, guarded by a
 * marker that holds for 10 seconds (spec sections 4 and 9), so a chunk that keeps failing cannot cause a
 * reload loop; then the error page shows instead.
 */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_MARKER_KEY = "kroon:chunk-reload-at";

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_ERROR_PATTERN.test(message);
}

type ReloadDeps = { storage: Pick<Storage, "getItem" | "setItem">; now: () => number; reload: () => void };

/** Reloads when no reload happened in the last 10 seconds. Returns whether it reloaded. */
export function reloadOnceForChunkError(deps: ReloadDeps): boolean {
  const last = Number(deps.storage.getItem(RELOAD_MARKER_KEY) ?? 0);
  const now = deps.now();
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  deps.storage.setItem(RELOAD_MARKER_KEY, String(now));
  deps.reload();
  return true;
}

export function browserReloadDeps(): ReloadDeps {
  return { storage: window.sessionStorage, now: () => Date.now(), reload: () => window.location.reload() };
}

/**
 * Loads a lazy chunk. A chunk that fails to load reloads the page once; when it fails again within the
 * guard it is fatal (spec section 8: a failed dynamic module load is fatal) and the error page shows.
 */
export async function importWithReloadGuard<T>(
  load: () => Promise<T>,
  onFatal: (error: unknown) => void,
  deps: ReloadDeps = browserReloadDeps(),
): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (!reloadOnceForChunkError(deps)) onFatal(error);
    return undefined;
  }
}
