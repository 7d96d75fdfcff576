import { appErrorStore } from "./app-error-store";
import { isBotUserAgent } from "./bot";

export const CLIENT_ERROR_ENDPOINT = "/api/client-errors";

type Report = { message: string; stack?: string; url: string; kind: string };

function summarise(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === "string" ? error : "Unknown error" };
}

/** Sends a browser error to the server log. Never throws: reporting must not cause a second error. */
export function reportClientError(error: unknown, kind: string): void {
  try {
    const report: Report = { ...summarise(error), url: window.location.href, kind };
    const body = JSON.stringify(report).slice(0, 16_000);
    const sent = navigator.sendBeacon?.(
      CLIENT_ERROR_ENDPOINT,
      new Blob([body], { type: "application/json" }),
    );
    if (!sent) {
      void fetch(CLIENT_ERROR_ENDPOINT, {
        method: "POST",
        body,
        keepalive: true,
        headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      }).catch(() => undefined);
    }
  } catch {
    // Nothing more to do in a browser that cannot even report.
  }
}

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
