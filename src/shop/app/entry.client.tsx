import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hasBlockComponent } from "@/blocks/components";
import { parsePublicEnv } from "@/src/config/public-env";
import { importWithReloadGuard } from "@/src/lib/chunk-reload";
import { appErrorStore } from "@/src/shop/app/client/app-error-store";
import { handleUncaughtClientError } from "@/src/shop/app/client/error-reporter";
import { loadBlock } from "@/src/shop/cms/render/block-view";
import { afterPageHydrated } from "@/src/shop/components/deferred-hydration";
import { ShellContext, type ShellValues } from "@/src/shop/components/shell-context";

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
 * Starts loading the page's block chunks as hydration starts (decision 16): React hydrates the page at
 * once and each block when its chunk arrives, keeping the server's markup until then. A chunk that fails
 * is handled by the block's own boundary.
 */
function loadPageBlocks(): void {
  // Blocks inside a server-rendered block's markup are part of that markup: they need no code either.
  const reactBlocks = [...document.querySelectorAll<HTMLElement>("[data-block]")].filter(
    (element) => !element.closest("[data-server-rendered]"),
  );
  const types = new Set(reactBlocks.map((element) => element.dataset.block ?? ""));
  for (const type of types) if (hasBlockComponent(type)) loadBlock(type).catch(() => undefined);
}

loadPageBlocks();

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

/**
 * `window.basket` validates with zod, so it is a chunk of its own, kept out of the first-load JavaScript,
 * and installed once the page has hydrated and the browser is idle: building its schemas would otherwise
 * be one more long task while the page hydrates (issue 21). Page scripts that start earlier wait for the
 * `kl:basket-ready` event on `window`.
 */
afterPageHydrated(() => {
  const install = () =>
    void importWithReloadGuard(
      () => import("@/src/shop/slices/basket/window-basket"),
      (error) => handleUncaughtClientError(error, "chunk"),
    ).then((module) => module?.installWindowBasket());
  if ("requestIdleCallback" in window) window.requestIdleCallback(install, { timeout: 2_000 });
  else setTimeout(install, 0);
});
