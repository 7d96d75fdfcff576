import { z } from "zod/mini";

/**
 * Version polling (spec sections 4, 7): the client polls `builds/latest.json?{timestamp}`; when the id
 * differs from its own build id it marks the app updated, and the next navigation is a full page load so
 * the player gets the new build instead of chunks that no longer exist.
 */
const LatestBuildSchema = z.object({ id: z.string() });

type WatcherOptions = {
  buildId: string;
  intervalMs: number;
  onUpdate: (latestId: string) => void;
  fetchImpl?: typeof fetch;
};

export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  const response = await fetchImpl(`/builds/latest.json?${Date.now()}`, { cache: "no-store" });
  if (!response.ok) return undefined;
  const parsed = LatestBuildSchema.safeParse(await response.json());
  return parsed.success ? parsed.data.id : undefined;
}

export function startBuildWatcher({ buildId, intervalMs, onUpdate, fetchImpl }: WatcherOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = async () => {
    try {
      const latest = await fetchLatestBuildId(fetchImpl);
      if (!stopped && latest && latest !== buildId) {
        stopped = true;
        onUpdate(latest);
      }
    } catch {
      // Offline or the server is restarting: try again on the next tick.
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await check();
      schedule();
    }, intervalMs);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };

  schedule();
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/** True when a click on this anchor would be a same-origin client-side navigation. */
export function isInternalNavigationClick(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  if (anchor.hasAttribute("download")) return false;
  return anchor.origin === window.location.origin;
}

/**
 * Once the app is updated, internal link clicks skip the client router: the click is stopped before it
 * reaches React, so the browser performs an ordinary full page load of the same address.
 */
export function installFullLoadOnNavigation(): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    if (anchor instanceof HTMLAnchorElement && isInternalNavigationClick(event, anchor)) {
      event.stopPropagation();
    }
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}
