import { useEffect } from "react";
import type { PublicEnv } from "@/src/config/public-env";
import { installFullLoadOnNavigation, startBuildWatcher } from "./build-watcher";
import { browserReloadDeps, reloadOnceForChunkError } from "./chunk-reload";
import { handleUncaughtClientError, installGlobalErrorHandlers } from "./error-reporter";
import { PREFETCH_DELAY_MS, prefetchLinkedRoutes } from "./route-prefetch";

/** Browser-only wiring of the app: error reporting, chunk-reload guard, version polling and prefetch. */
export function AppRuntime({ env }: { env: PublicEnv }) {
  useEffect(() => installGlobalErrorHandlers(), []);

  useEffect(() => {
    // Vite fires this when a dynamic import's preload fails, typically after a deploy removed the chunk.
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      if (!reloadOnceForChunkError(browserReloadDeps())) {
        handleUncaughtClientError((event as Event & { payload?: unknown }).payload, "chunk");
      }
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);

  useEffect(() => {
    let removeGuard: (() => void) | undefined;
    const stop = startBuildWatcher({
      buildId: env.buildId,
      intervalMs: env.buildPollIntervalMs,
      onUpdate: () => {
        document.documentElement.dataset.appUpdated = "true";
        removeGuard = installFullLoadOnNavigation();
      },
    });
    return () => {
      stop();
      removeGuard?.();
    };
  }, [env.buildId, env.buildPollIntervalMs]);

  useEffect(() => {
    const timer = setTimeout(() => prefetchLinkedRoutes(), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return null;
}
