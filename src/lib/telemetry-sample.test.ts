import { describe, expect, it, vi } from "vitest";

async function freshSample() {
  vi.resetModules();
  return (await import("./telemetry-sample")).telemetrySampled;
}

describe("the telemetry sample", () => {
  it("sends every page load by default (100%)", async () => {
    const sampled = await freshSample();
    expect(sampled(undefined, () => 0.999)).toBe(true);
  });

  it("draws once per page load against the rate", async () => {
    let sampled = await freshSample();
    expect(sampled(25, () => 0.3)).toBe(false);
    // The same page load keeps its draw.
    expect(sampled(25, () => 0.1)).toBe(false);
    sampled = await freshSample();
    expect(sampled(25, () => 0.2)).toBe(true);
    sampled = await freshSample();
    expect(sampled(0, () => 0)).toBe(false);
  });
});
