import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hasBlockComponent } from "@/blocks/components";
import { appErrorStore } from "@/src/app/client/app-error-store";
import { importWithReloadGuard } from "@/src/app/client/chunk-reload";
import { handleUncaughtClientError } from "@/src/app/client/error-reporter";
import { loadBlock } from "@/src/cms/render/block-view";
import { ShellContext, type ShellValues } from "@/src/components/shell-context";
import { parsePublicEnv } from "@/src/config/public-env";

function readShell(): ShellValues {
  const env = parsePublicEnv(window.__PUBLIC_ENV__);
  if (!env) {
    // A start-up error goes into the shared error state, which shows the error page (spec section 2).
    appErrorStore.set({ status: 500 });
    return {
      env: {
        baseUrl: window.location.origin,
        secureCookies: false,
        buildId: "unknown",
        buildPollIntervalMs: 60_000,
      },
    };
  }
  const banner = window.__EMERGENCY_BANNER__;
  return {
    env,
    hostTheme: window.__HOST_THEME__ ?? undefined,
    emergencyBanner: typeof banner === "string" ? banner : undefined,
  };
}

/**
 * The page's block chunks load before hydration (DESIGN section 4), so lazy blocks hydrate at once
 * instead of suspending; a chunk that fails is handled by the block's own boundary.
 */
async function preloadPageBlocks(): Promise<void> {
  // Blocks inside a server-rendered block's markup are part of that markup: they need no code either.
  const reactBlocks = [...document.querySelectorAll<HTMLElement>("[data-block]")].filter(
    (element) => !element.closest("[data-server-rendered]"),
  );
  const types = new Set(reactBlocks.map((element) => element.dataset.block ?? ""));
  await Promise.all(
    [...types].filter(hasBlockComponent).map((type) => loadBlock(type).catch(() => undefined)),
  );
}

await preloadPageBlocks();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <ShellContext value={readShell()}>
        <HydratedRouter />
      </ShellContext>
    </StrictMode>,
    {
      onUncaughtError: (error) => handleUncaughtClientError(error, "render"),
    },
  );
});

// `window.basket` validates with zod, so it is a chunk of its own, kept out of the first-load JavaScript.
void importWithReloadGuard(
  () => import("@/src/features/basket/window-basket"),
  (error) => handleUncaughtClientError(error, "chunk"),
).then((module) => module?.installWindowBasket());
