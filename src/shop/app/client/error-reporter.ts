import { reportClientError } from "@/src/lib/report-client-error";
import { appErrorStore } from "./app-error-store";
import { isBotUserAgent } from "./bot";

/**
 * Handles an error the app did not catch. Bots (spec section 2) only report it, so the page they index
 * stays as it is; players also get the error page through the shared error state.
 */
export function handleUncaughtClientError(error: unknown, kind: string): void {
  reportClientError(error, kind);
  if (isBotUserAgent(navigator.userAgent)) return;
  appErrorStore.set({ status: 500 });
}

/** Installs the window-level listeners once; returns a function that removes them. */
export function installGlobalErrorHandlers(): () => void {
  const onError = (event: ErrorEvent) => {
    // Cross-origin scripts only say "Script error." without details: report, never take the page down.
    if (!event.error && event.message === "Script error.") {
      reportClientError(event.message, "cross-origin");
      return;
    }
    handleUncaughtClientError(event.error ?? event.message, "error");
  };
  const onRejection = (event: PromiseRejectionEvent) =>
    handleUncaughtClientError(event.reason, "unhandledrejection");
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
