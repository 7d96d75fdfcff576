import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache";

const response = (paths: string[]) => ({
  status: 200,
  headers: [],
  body: Buffer.from("<html>"),
  tags: paths,
});

describe("PageCache", () => {
  it("is fresh for its time, then stale but still served", () => {
    let now = 0;
    const cache = new PageCache(1000, 10, () => now);
    cache.set("a", response(["/"]));
    expect(cache.get("a")?.fresh).toBe(true);
    now = 1500;
    expect(cache.get("a")).toMatchObject({ fresh: false, entry: { status: 200 } });
  });

  it("turns stale when the content is known to change (a result is published), however fresh it was", () => {
    let now = 0;
    const cache = new PageCache(60_000, 10, () => now);
    cache.set("results", { ...response(["/trekkingsuitslag"]), freshUntil: 500 });
    expect(cache.get("results")?.fresh).toBe(true);
    now = 500;
    expect(cache.get("results")).toMatchObject({ fresh: false, entry: { status: 200 } });
  });

  it("drops the entries that depend on an invalidated path", () => {
    const cache = new PageCache(1000);
    cache.set("home", response(["/"]));
    cache.set("actie", response(["/oudejaarstrekking", "/"]));
    cache.set("over", response(["/over-ons"]));
    expect(cache.invalidate(["/"])).toBe(2);
    expect(cache.get("over")).toBeDefined();
    expect(cache.get("home")).toBeUndefined();
    expect(cache.invalidate()).toBe(1);
  });

  it("runs one refresh per key at a time and keeps the entry when it fails", async () => {
    const cache = new PageCache(0);
    cache.set("a", response(["/"]));
    let calls = 0;
    let fail: () => void = () => undefined;
    const refresh = () =>
      new Promise<void>((_resolve, reject) => {
        calls++;
        fail = () => reject(new Error("CMS away"));
      });
    cache.revalidate("a", refresh);
    cache.revalidate("a", refresh);
    expect(calls).toBe(1);
    fail();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get("a")?.entry.status).toBe(200);
  });

  it("keys by kind, build, layout and path", () => {
    expect(PageCache.key({ kind: "html", buildId: "b1", layoutKey: "default", path: "/" })).not.toBe(
      PageCache.key({ kind: "html", buildId: "b1", layoutKey: "bladwijzer", path: "/" }),
    );
  });
});
