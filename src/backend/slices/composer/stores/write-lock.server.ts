import { randomBytes } from "node:crypto";
import { link, mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * An exclusive lock on a directory across processes (the shop runs a worker per core, WEB_CONCURRENCY): a
 * lock file created with O_EXCL, holding a token of its own, removed by its holder when done. A lock older
 * than `staleMs` is a crashed holder's and is taken over (renamed away first, so of two processes that
 * find it stale only one removes it). Waiters retry after a short random pause until `timeoutMs`.
 */
export type DirectoryLockOptions = {
  /** The lock file (a dotfile, which the shop's content reader and watcher skip). */
  file: string;
  staleMs?: number;
  timeoutMs?: number;
};

export class LockTimeoutError extends Error {
  constructor(file: string) {
    super(`could not lock ${file} in time`);
    this.name = "LockTimeoutError";
  }
}

const DEFAULT_STALE_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 15_000;

export function directoryLock(options: DirectoryLockOptions) {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { file } = options;

  async function tryAcquire(token: string): Promise<boolean> {
    try {
      const handle = await open(file, "wx");
      try {
        await handle.writeFile(token);
      } finally {
        await handle.close();
      }
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") {
        await mkdir(path.dirname(file), { recursive: true });
        return false;
      }
      if (code !== "EEXIST") throw error;
      await removeIfStale();
      return false;
    }
  }

  async function removeIfStale() {
    const info = await stat(file).catch(() => undefined);
    if (!info || Date.now() - info.mtimeMs <= staleMs) return;
    const moved = `${file}.${randomBytes(6).toString("hex")}.stale`;
    // Only one of the processes that found it stale gets to rename it; the others find it gone.
    if (
      !(await rename(file, moved).then(
        () => true,
        () => false,
      ))
    )
      return;
    const renamed = await stat(moved).catch(() => undefined);
    // A fresh lock taken between the stat and the rename: give it back (fails if the file is taken again).
    if (renamed && Date.now() - renamed.mtimeMs <= staleMs) await link(moved, file).catch(() => undefined);
    await rm(moved, { force: true });
  }

  async function release(token: string) {
    const held = await readFile(file, "utf8").catch(() => undefined);
    // Taken over as stale meanwhile: the lock is someone else's now.
    if (held === token) await rm(file, { force: true });
  }

  return {
    /** Runs `work` holding the lock; the lock is released whatever `work` does. */
    async withLock<T>(work: () => Promise<T>): Promise<T> {
      const token = `${process.pid}:${randomBytes(8).toString("hex")}`;
      const deadline = Date.now() + timeoutMs;
      while (!(await tryAcquire(token))) {
        if (Date.now() > deadline) throw new LockTimeoutError(file);
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
      try {
        return await work();
      } finally {
        await release(token);
      }
    },
  };
}
