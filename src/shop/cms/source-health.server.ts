import type { Logger } from "pino";
import { withTimeout } from "@/src/lib/with-timeout";
import type { ContentSource } from "./source/types";

/**
 * When a last good copy exists, how long a read of the source may take before the copy is served instead.
 * The read goes on and, when it answers, refreshes the cache: a hanging CMS costs a visitor this long, not
 * the SDK's time-out for each of the rules, the page and the site settings in turn.
 */
const SLOW_SOURCE_MS = 1_000;
/** While the source fails or is slow, how often it is asked whether it is back. */
const RECOVERY_PROBE_MS = 5_000;

const SLOW = Symbol("slow");

export type SourceHealth = ReturnType<typeof createSourceHealth>;

/**
 * How the CMS lives with a failing or hanging content source (DESIGN section 4: when the CMS is down, the
 * last good version is served): reads that fall back on their last good answer, and a probe that says
 * when the source is back, so what was made from last good copies can be made again.
 */
export function createSourceHealth(options: {
  source: ContentSource;
  logger: Logger;
  slowSourceMs?: number;
  recoveryProbeMs?: number;
  /** Told each time a last good copy is served instead of the source's answer (the metrics, decision 23). */
  onLastGood?: () => void;
}) {
  const { source, logger } = options;
  const slowSourceMs = options.slowSourceMs ?? SLOW_SOURCE_MS;
  const recoveryProbeMs = options.recoveryProbeMs ?? RECOVERY_PROBE_MS;
  /** Counts content changes: a late answer to a read from before one is not newer than what it wants. */
  let generation = 0;
  const probe = recoveryProbe(() => pingInTime(), recoveryProbeMs);

  /**
   * A read of the source with the last good answer to fall back on. Without a last good answer the read
   * is awaited and may fail. With one, a failed read, or one that has not answered within `slowSourceMs`,
   * gives the last good answer, and the source is watched until it is back. A read that answers late goes
   * to `refresh`.
   */
  async function withLastGood<T>(
    reading: Promise<T>,
    last: { value: T } | undefined,
    about: Record<string, unknown>,
    refresh: (value: T) => void,
  ): Promise<T> {
    if (!last) {
      return reading.catch((error: unknown) => {
        logger.error({ err: error, ...about, servedLastGood: false }, "content source failed");
        throw error;
      });
    }
    const readInGeneration = generation;
    // Known to be failing (watched for recovery): the last good answer at once, the read only refreshes.
    const patience = probe.watching() ? 0 : slowSourceMs;
    try {
      const outcome = await answerWithin(reading, patience);
      if (outcome !== SLOW) return outcome;
      logger.warn(
        { ...about, servedLastGood: true, waitedMs: patience },
        patience > 0 ? "content source slow" : "content source still failing",
      );
      reading.then(
        (value) => {
          if (generation === readInGeneration) refresh(value);
        },
        (error: unknown) => logger.error({ err: error, ...about }, "content source failed"),
      );
    } catch (error) {
      logger.error({ err: error, ...about, servedLastGood: true }, "content source failed");
    }
    probe.watch();
    options.onLastGood?.();
    return last.value;
  }

  /** The source's ping, failed when it takes longer than `slowSourceMs`. */
  function pingInTime(): Promise<void> {
    return withTimeout(source.ping(), slowSourceMs, `content source slower than ${slowSourceMs} ms`);
  }

  return {
    withLastGood,
    pingInTime,
    /** Content changed: reads started before now no longer refresh what they read. */
    changed: () => {
      generation++;
    },
    /** Called when the source answers again after failing or hanging. */
    onRecovered: probe.onBack,
    close: probe.close,
  };
}

/** The read's answer, or SLOW when it has not answered within `ms`. */
async function answerWithin<T>(reading: Promise<T>, ms: number): Promise<T | typeof SLOW> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<typeof SLOW>((resolve) => {
    timer = setTimeout(() => resolve(SLOW), ms);
  });
  try {
    return await Promise.race([reading, slow]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What was made while the source failed holds last good copies, which may be older than what editors have
 * published since. Once watched, the source is pinged until it answers in time again; then the listeners.
 */
function recoveryProbe(ping: () => Promise<void>, intervalMs: number) {
  let probe: NodeJS.Timeout | undefined;
  const listeners: Array<() => void> = [];
  function watch(): void {
    if (probe) return;
    let asking = false;
    probe = setInterval(() => {
      if (asking) return;
      asking = true;
      ping()
        .then(() => {
          clearInterval(probe);
          probe = undefined;
          for (const listener of listeners) listener();
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    }, intervalMs);
    probe.unref();
  }
  return {
    watch,
    watching: () => probe !== undefined,
    onBack: (listener: () => void) => {
      listeners.push(listener);
    },
    close: () => clearInterval(probe),
  };
}
