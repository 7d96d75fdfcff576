/**
 * The browser's error report to the server log (`POST /api/client-errors`). The app's uncaught-error
 * handling (`src/shop/app/client/error-reporter.ts`) and a block's error boundary both send it.
 */
import { telemetrySampled } from "./telemetry-sample";

export const CLIENT_ERROR_ENDPOINT = "/api/client-errors";

type Report = { message: string; stack?: string; url: string; kind: string };

function summarise(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === "string" ? error : "Unknown error" };
}

/** Sends a browser error to the server log. Never throws: reporting must not cause a second error. */
export function reportClientError(error: unknown, kind: string): void {
  try {
    // Sampled as the page's web vitals are (TELEMETRY_SAMPLE_RATE).
    const rate = window.__PUBLIC_ENV__?.telemetrySampleRate;
    if (!telemetrySampled(typeof rate === "number" ? rate : undefined)) return;
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
