import type { Metric } from "web-vitals";

/**
 * The browser's half of the telemetry (issue 20 item 4): the page's web vitals (LCP, INP, CLS, and FCP
 * and TTFB for context), measured by the `web-vitals` library (loaded with the deferred runtime, never in
 * the first-load code) and sent with `navigator.sendBeacon` as each is final. Whether a page view is
 * measured is drawn once per page load against `TELEMETRY_SAMPLE_RATE` (percent, 100 by default); client
 * errors follow the same draw (`report-client-error.ts`).
 */
export const TELEMETRY_ENDPOINT = "/api/telemetry";

export function vitalBeacon(
  metric: Pick<Metric, "name" | "value" | "rating">,
  page: string,
  buildId: string,
) {
  return JSON.stringify({
    page,
    buildId,
    name: metric.name,
    // CLS is a score (kept to 4 decimals), the others milliseconds.
    value: metric.name === "CLS" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value),
    rating: metric.rating,
  });
}

export async function startTelemetry(options: {
  buildId: string;
  sampled: boolean;
  load?: () => Promise<typeof import("web-vitals")>;
}): Promise<void> {
  if (!options.sampled || typeof navigator.sendBeacon !== "function") return;
  const vitals = await (options.load ?? (() => import("web-vitals")))();
  const send = (metric: Metric) => {
    const body = vitalBeacon(metric, window.location.pathname.slice(0, 300), options.buildId);
    navigator.sendBeacon(TELEMETRY_ENDPOINT, new Blob([body], { type: "application/json" }));
  };
  vitals.onLCP(send);
  vitals.onINP(send);
  vitals.onCLS(send);
  vitals.onFCP(send);
  vitals.onTTFB(send);
}
