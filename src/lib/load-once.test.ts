import { describe, expect, it, vi } from "vitest";
import { loadOnce, loadOncePerKey } from "./load-once";

describe("loadOnce", () => {
  it("shares one load between callers and has the value at hand once it arrived", async () => {
    const load = vi.fn(async () => "blok");
    const chunk = loadOnce(load);
    expect(chunk.current()).toBeUndefined();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect([first, second, chunk.current()]).toEqual(["blok", "blok", "blok"]);
    await chunk.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a load that failed, so the next call tries again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("blok");
    const chunk = loadOnce(load);
    await expect(chunk.load()).rejects.toThrow("offline");
    expect(chunk.current()).toBeUndefined();
    await expect(chunk.load()).resolves.toBe("blok");
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("loadOncePerKey", () => {
  it("loads each key once", async () => {
    const load = vi.fn(async (key: string) => `blok ${key}`);
    const chunks = loadOncePerKey(load);
    await Promise.all([chunks("hero").load(), chunks("hero").load(), chunks("faq").load()]);
    expect(chunks("hero").current()).toBe("blok hero");
    expect(load.mock.calls.map(([key]) => key)).toEqual(["hero", "faq"]);
  });
});
