import { describe, expect, it, vi } from "vitest";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  it("loads once for concurrent readers and again after the time to live", async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    const load = vi.fn(async () => 42);
    await Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)]);
    expect(load).toHaveBeenCalledTimes(1);
    now = 999;
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1001;
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("takes a value put in its place, for the time to live", async () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, 10, () => now);
    const load = vi.fn(async () => "loaded");
    await cache.get("a", load);
    cache.set("a", "newer");
    await expect(cache.get("a", load)).resolves.toBe("newer");
    now = 1001;
    await expect(cache.get("a", load)).resolves.toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failed load", async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get("a", () => Promise.reject(new Error("database away")))).rejects.toThrow(
      "database away",
    );
    await expect(cache.get("a", async () => 7)).resolves.toBe(7);
  });

  it("keeps at most the given number of keys", async () => {
    const cache = new TtlCache<string>(1000, 2);
    const load = vi.fn(async () => "x");
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    await cache.get("a", load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
