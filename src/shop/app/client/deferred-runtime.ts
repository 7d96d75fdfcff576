import { telemetrySampled } from "@/src/lib/telemetry-sample";
import { installFullLoadOnNavigation, startBuildWatcher } from "./build-watcher";
import { prefetchLinkedRoutes } from "./route-prefetch";
import { startTelemetry } from "./telemetry";

/**
 * The parts of the browser runtime that are not needed for the first paint, loaded as their own chunk
 * about a second after mount: version polling, route prefetch and the web vitals.
 */
export function startDeferredRuntime(options: {
  buildId: string;
  pollIntervalMs: number;
  telemetrySampleRate?: number;
}): () => void {
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
  // The page's web vitals (the library is loaded with this chunk's own import, never at first load).
  void startTelemetry({
    buildId: options.buildId,
    sampled: telemetrySampled(options.telemetrySampleRate),
  }).catch(() => undefined);
  return () => {
    stopWatcher();
    removeGuard?.();
  };
}
