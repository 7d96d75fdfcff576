// The first phase of `npm run bench:peak` (issue 45): the highest sustained rate of full orders the shop
// holds with p99 under 2 s and no failed visitor, page views and ticket checks arriving beside the orders
// in today's proportion (50:25:5). The rate rises in steps (open-loop arrivals as in the fault phases);
// the limit is the highest step that held. After the first step that did not hold, one step half-way
// between it and the last that held narrows the limit down.
import { KINDS, type Kind, type Outcome, openModel, type Visitors } from "./bench-peak-load";

/** Page views and ticket checks per order, as in the fault run's fixed rates before issue 45 (50:25:5). */
export const MIX: Record<Kind, number> = { page: 10, check: 5, order: 1 };

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The three kinds' rates per second for an order rate, in the mix's proportion. */
export function ratesFor(orderRate: number): Record<Kind, number> {
  return {
    page: round1(orderRate * MIX.page),
    check: round1(orderRate * MIX.check),
    order: round1(orderRate),
  };
}

export type LimitStep = {
  orderRate: number;
  rates: Record<Kind, number>;
  /** Visitors scheduled in the step, of every kind. */
  started: number;
  /** Visitors that failed (an error answer, a refused connection or 30 s without an answer). */
  errors: number;
  failures: string;
  /** Latencies of the successful ones, ms. */
  p50: Record<Kind, number>;
  p99: Record<Kind, number>;
  held: boolean;
  /** Seconds from the step's first arrival to its last answer (the step's own length plus the drain). */
  drainedS: number;
};

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number);
}

function summariseStep(
  orderRate: number,
  outcomes: Outcome[],
  p99LimitMs: number,
  drainedS: number,
): LimitStep {
  const p50 = {} as Record<Kind, number>;
  const p99 = {} as Record<Kind, number>;
  for (const kind of KINDS) {
    const latencies = outcomes
      .filter((outcome) => outcome.kind === kind && outcome.ok)
      .map((outcome) => outcome.latencyMs)
      .sort((a, b) => a - b);
    p50[kind] = percentile(latencies, 0.5);
    p99[kind] = percentile(latencies, 0.99);
  }
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const reasons = new Map<string, number>();
  for (const outcome of failed) {
    const reason = `${outcome.kind} ${outcome.failure ?? "?"}`;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return {
    orderRate,
    rates: ratesFor(orderRate),
    started: outcomes.length,
    errors: failed.length,
    failures: [...reasons]
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `${reason} (${n})`)
      .join("; "),
    p50,
    p99,
    held: failed.length === 0 && p99.order <= p99LimitMs,
    drainedS,
  };
}

export async function findOrderLimit(options: {
  visitors: Visitors;
  stepS: number;
  startRate: number;
  /** Each next step's order rate: the last times this. */
  growth: number;
  maxSteps: number;
  p99LimitMs: number;
  /** Quiet time after each step, so the next starts on a shop that caught up (outbox, settlements). */
  pauseMs: number;
  onStep?: (step: LimitStep) => void;
}): Promise<{ limit: number; steps: LimitStep[] }> {
  const steps: LimitStep[] = [];
  const run = async (orderRate: number) => {
    const startedAt = performance.now();
    const outcomes = await openModel({
      rates: ratesFor(orderRate),
      startedAt,
      endsAt: startedAt + options.stepS * 1000,
      visitors: options.visitors,
    });
    const step = summariseStep(
      orderRate,
      outcomes,
      options.p99LimitMs,
      Math.round((performance.now() - startedAt) / 100) / 10,
    );
    steps.push(step);
    options.onStep?.(step);
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    return step.held;
  };
  let held = 0;
  let failed: number | undefined;
  let rate = options.startRate;
  for (let index = 0; index < options.maxSteps; index++) {
    if (!(await run(rate))) {
      failed = rate;
      break;
    }
    held = rate;
    rate = round1(rate * options.growth);
  }
  if (failed !== undefined && held > 0 && failed - held > held * 0.1) {
    const middle = round1((held + failed) / 2);
    if (await run(middle)) held = middle;
  }
  return { limit: held, steps };
}
