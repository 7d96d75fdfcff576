import { describe, expect, it, vi } from "vitest";
import { isChunkLoadError, RELOAD_MARKER_KEY, reloadOnceForChunkError } from "./chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("reloadOnceForChunkError", () => {
  it("reloads once, not again within 10 seconds, and again after", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { storage, reload, now: () => now };

    expect(reloadOnceForChunkError(deps)).toBe(true);
    now += 9_999;
    expect(reloadOnceForChunkError(deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 2;
    expect(reloadOnceForChunkError(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(storage.getItem(RELOAD_MARKER_KEY)).toBe(String(now));
  });
});

describe("isChunkLoadError", () => {
  it("recognises the messages of Chromium, Firefox and Safari", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/loten-abc.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
