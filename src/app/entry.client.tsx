import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { appErrorStore } from "@/src/app/client/app-error-store";
import { handleUncaughtClientError } from "@/src/app/client/error-reporter";
import { ShellContext, type ShellValues } from "@/src/app/shell-context";
import { PublicEnvSchema } from "@/src/config/public-env";

function readShell(): ShellValues {
  const parsed = PublicEnvSchema.safeParse(window.__PUBLIC_ENV__);
  if (!parsed.success) {
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
  return { env: parsed.data, hostTheme: window.__HOST_THEME__ ?? undefined };
}

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
