import { useEffect } from "react";
import type { PublicEnv } from "@/src/config/public-env";
import { browserReloadDeps, importWithReloadGuard, reloadOnceForChunkError } from "@/src/lib/chunk-reload";
import { pageHydrationDone } from "@/src/shop/components/deferred-hydration";
import { handleUncaughtClientError, installGlobalErrorHandlers } from "./error-reporter";
import { optionalChunkLoading } from "./optional-chunks";

/** The deferred part of the runtime starts about 1 second after mount (spec section 9). */
export const DEFERRED_RUNTIME_DELAY_MS = 1_000;

/** Browser-only wiring of the app: error reporting, chunk-reload guard, version polling and prefetch. */
export function AppRuntime({ env }: { env: PublicEnv }) {
  useEffect(() => {
    const remove = installGlobalErrorHandlers();
    // Lets people and browser tests see that the page is interactive (once its deferred parts are too).
    pageHydrationDone();
    return remove;
  }, []);

  useEffect(() => {
    // Vite fires this when a dynamic import's preload fails, typically after a deploy removed the chunk.
    const onPreloadError = (event: Event) => {
      // An optional chunk (Braze) that fails is its caller's to handle: no reload.
      if (optionalChunkLoading()) return;
      event.preventDefault();
      if (!reloadOnceForChunkError(browserReloadDeps())) {
        handleUncaughtClientError((event as Event & { payload?: unknown }).payload, "chunk");
      }
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const runtime = await importWithReloadGuard(
        () => import("./deferred-runtime"),
        (error) => handleUncaughtClientError(error, "chunk"),
      );
      if (runtime && !cancelled) {
        stop = runtime.startDeferredRuntime({
          buildId: env.buildId,
          pollIntervalMs: env.buildPollIntervalMs,
          telemetrySampleRate: env.telemetrySampleRate,
        });
      }
    }, DEFERRED_RUNTIME_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [env.buildId, env.buildPollIntervalMs, env.telemetrySampleRate]);

  return null;
}
