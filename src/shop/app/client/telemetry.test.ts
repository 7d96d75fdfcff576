// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { startTelemetry, TELEMETRY_ENDPOINT, vitalBeacon } from "./telemetry";

type Report = (metric: { name: string; value: number; rating: string }) => void;

function fakeVitals() {
  const reporters: Record<string, Report> = {};
  const on = (name: string) => (report: Report) => {
    reporters[name] = report;
  };
  return {
    reporters,
    load: async () =>
      ({
        onLCP: on("LCP"),
        onINP: on("INP"),
        onCLS: on("CLS"),
        onFCP: on("FCP"),
        onTTFB: on("TTFB"),
      }) as unknown as typeof import("web-vitals"),
  };
}

describe("the browser's telemetry", () => {
  it("sends each final vital as one beacon: the page's path, the build, the value and its rating", async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
    window.history.replaceState(null, "", "/loten?email=a@b.nl");
    const vitals = fakeVitals();
    await startTelemetry({ buildId: "b1", sampled: true, load: vitals.load });
    vitals.reporters.LCP?.({ name: "LCP", value: 1234.6, rating: "good" });
    vitals.reporters.CLS?.({ name: "CLS", value: 0.123456, rating: "needs-improvement" });
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe(TELEMETRY_ENDPOINT);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(body);
    });
    expect(JSON.parse(text)).toEqual({
      page: "/loten",
      buildId: "b1",
      name: "LCP",
      value: 1235,
      rating: "good",
    });
    expect(JSON.parse(vitalBeacon({ name: "CLS", value: 0.123456, rating: "poor" }, "/", "b1")).value).toBe(
      0.1235,
    );
  });

  it("loads and sends nothing for a page load outside the sample", async () => {
    const vitals = fakeVitals();
    const load = vi.fn(vitals.load);
    await startTelemetry({ buildId: "b1", sampled: false, load });
    expect(load).not.toHaveBeenCalled();
  });
});
