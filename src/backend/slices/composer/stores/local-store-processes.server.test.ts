import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startLineProcess } from "@/tests/support/line-process";
import { VersionConflictError } from "./content-store";
import { createLocalStore } from "./local-store.server";
import { directoryLock } from "./write-lock.server";

/**
 * The local store's writes across the shop's worker processes (WEB_CONCURRENCY): each write holds a lock
 * file in the content dir, so of two saves against the same version exactly one wins, also when they come
 * from two stores (two processes) on one dir.
 */
const freshDir = () => mkdtemp(path.join(tmpdir(), "kl-composer-lock-"));

describe("the local store's writes across processes", () => {
  it("two stores on one dir saving against the same version: one saves, the other gets a version conflict", async () => {
    const dir = await freshDir();
    const [first, second] = [createLocalStore({ dir }), createLocalStore({ dir })];
    await first.createEntry({ id: "hero-race", contentType: "hero", fields: { title: "0" } });
    for (let version = 1; version <= 20; version++) {
      const results = await Promise.allSettled([
        first.updateEntry("hero-race", { title: `A${version}` }, version),
        second.updateEntry("hero-race", { title: `B${version}` }, version),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((result) => result.status === "rejected");
      expect(refused?.reason).toBeInstanceOf(VersionConflictError);
      expect((await second.getEntry("hero-race"))?.version).toBe(version + 1);
    }
    expect((await readdir(dir)).filter((name) => name.includes("lock"))).toEqual([]);
  });

  it("two processes saving the entry as fast as they can: every save counts once, none is lost", async () => {
    const dir = await freshDir();
    const store = createLocalStore({ dir });
    await store.createEntry({ id: "hero-workers", contentType: "hero", fields: { title: "0" } });
    const script = path.resolve("tests/support/local-store-write-process.ts");
    const processes = await Promise.all(
      ["A", "B"].map((name) => startLineProcess<string[]>(script, [dir, "hero-workers", name, "25"])),
    );
    const outcomes = (await Promise.all(processes.map((child) => child.go()))).flat();
    const saved = outcomes.filter((outcome) => outcome === "saved").length;
    expect(saved + outcomes.filter((outcome) => outcome === "conflict").length).toBe(50);
    // Each save moved the version up by exactly one: no two saves were made against the same version.
    expect((await store.getEntry("hero-workers"))?.version).toBe(1 + saved);
  });

  it("takes over a lock its holder left behind once it is stale", async () => {
    const dir = await freshDir();
    const file = path.join(dir, ".lock");
    const crashed = directoryLock({ file, staleMs: 50 });
    // A holder that never releases: its work never ends.
    void crashed.withLock(() => new Promise(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = directoryLock({ file, staleMs: 50, timeoutMs: 2_000 });
    const started = Date.now();
    expect(await waiting.withLock(async () => "mine")).toBe("mine");
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const impatient = directoryLock({ file, staleMs: 60_000, timeoutMs: 100 });
    void crashed.withLock(() => new Promise(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(impatient.withLock(async () => "never")).rejects.toMatchObject({ name: "LockTimeoutError" });
  });
});
