import { installFullLoadOnNavigation, startBuildWatcher } from "./build-watcher";
import { prefetchLinkedRoutes } from "./route-prefetch";

/**
 * The parts of the browser runtime that are not needed for the first paint, loaded as their own chunk
 * about a second after mount: version polling and route prefetch.
 */
export function startDeferredRuntime(options: { buildId: string; pollIntervalMs: number }): () => void {
  let removeGuard: (() => void) | undefined;
  const stopWatcher = startBuildWatcher({
    buildId: options.buildId,
    intervalMs: options.pollIntervalMs,
    onUpdate: () => {
      document.documentElement.dataset.appUpdated = "true";
      removeGuard = installFullLoadOnNavigation();
    },
  });
  prefetchLinkedRoutes();
  return () => {
    stopWatcher();
    removeGuard?.();
  };
}
