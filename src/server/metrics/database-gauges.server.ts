import { sql } from "drizzle-orm";
import { Counter, Gauge } from "prom-client";
import type { Db } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { withTimeout } from "@/src/lib/with-timeout";
import type { Metrics } from "./metrics.server";

/**
 * What the embedded API's database holds, counted when Prometheus scrapes (decision 23): orders, payments
 * and collections by state, the job queue and the outbox. One grouped count per table per scrape (its
 * gauges share it); a count that fails or takes over 2 s is logged at warn and leaves its series out
 * of that scrape, never failing the scrape or a request.
 */
type Row = Record<string, string | number | null>;
type Snapshot = Record<keyof typeof QUERIES, Row[]>;

const READ_TIMEOUT_MS = 2_000;

const QUERIES = {
  orders: sql`select status as state, count(*)::int as n from orders group by status`,
  orderPayments: sql`select payment_method as method, status as state, count(*)::int as n
    from orders group by payment_method, status`,
  collectionPayments: sql`select method, status as state, count(*)::int as n
    from collection_payments group by method, status`,
  collections: sql`select method, state, count(*)::int as n from subscription_collections group by method, state`,
  jobs: sql`select name, state, count(*)::int as n from jobs
    where state in ('queued', 'running', 'failed') group by name, state`,
  oldestDueJob: sql`select coalesce(extract(epoch from (now() - min(run_at))), 0)::float8 as seconds
    from jobs where state = 'queued' and run_at <= now()`,
  outbox: sql`select state, count(*)::int as n from outbox_emails
    where state in ('queued', 'sending', 'dead') group by state`,
  oldestWaitingEmail: sql`select coalesce(extract(epoch from (now() - min(created_at))), 0)::float8 as seconds
    from outbox_emails where state in ('queued', 'sending')`,
};

/** The gauges counted from the database: each one's samples (labels and value) from one scrape's counts. */
const COUNT_GAUGES: ReadonlyArray<{
  name: string;
  help: string;
  labelNames: string[];
  samples: (counts: Snapshot) => Array<[Record<string, string>, number]>;
}> = [
  {
    name: "shop_orders",
    help: "Orders by state",
    labelNames: ["state"],
    samples: (counts) => counts.orders.map((row) => [{ state: String(row.state) }, Number(row.n)]),
  },
  {
    name: "shop_payments",
    help: "Payments by purpose (order, collection), method and state",
    labelNames: ["purpose", "method", "state"],
    samples: (counts) => [
      ...counts.orderPayments.map((row) => paymentSample("order", row)),
      ...counts.collectionPayments.map((row) => paymentSample("collection", row)),
    ],
  },
  {
    name: "shop_collections",
    help: "Subscription collections by method and state",
    labelNames: ["method", "state"],
    samples: (counts) =>
      counts.collections.map((row) => [
        { method: String(row.method), state: String(row.state) },
        Number(row.n),
      ]),
  },
  {
    name: "shop_jobs",
    help: "Jobs queued, running and failed (after their last attempt), by job name",
    labelNames: ["job_name", "state"],
    samples: (counts) =>
      counts.jobs.map((row) => [{ job_name: String(row.name), state: String(row.state) }, Number(row.n)]),
  },
  {
    name: "shop_jobs_oldest_due_age_seconds",
    help: "How long the oldest due job has waited to run",
    labelNames: [],
    samples: (counts) => [[{}, Number(counts.oldestDueJob[0]?.seconds ?? 0)]],
  },
  {
    name: "shop_outbox_emails",
    help: "E-mails in the outbox not yet sent (queued, sending) or given up (dead)",
    labelNames: ["state"],
    samples: (counts) => counts.outbox.map((row) => [{ state: String(row.state) }, Number(row.n)]),
  },
  {
    name: "shop_outbox_oldest_waiting_age_seconds",
    help: "How long the oldest e-mail not yet sent (queued or sending) has been in the outbox",
    labelNames: [],
    samples: (counts) => [[{}, Number(counts.oldestWaitingEmail[0]?.seconds ?? 0)]],
  },
];

function paymentSample(purpose: string, row: Row): [Record<string, string>, number] {
  return [{ purpose, method: String(row.method), state: String(row.state) }, Number(row.n)];
}

/** The database's pool as `pg` counts it (PostgreSQL only; PGlite has one connection and no pool). */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

export function registerDatabaseGauges(metrics: Metrics, db: Db, pool?: PoolCounts): void {
  const registers = [metrics.registry];
  let failedReads = 0;
  const counts = async (): Promise<Snapshot> => {
    const entries = await Promise.all(
      Object.entries(QUERIES).map(async ([key, query]) => [key, rowsOf<Row>(await db.execute(query))]),
    );
    return Object.fromEntries(entries) as Snapshot;
  };
  // One read per scrape, shared by its gauges: a failure is counted and logged once.
  const read = sharedRead(async (): Promise<Snapshot | undefined> => {
    try {
      return await withTimeout(counts(), READ_TIMEOUT_MS);
    } catch (error) {
      failedReads++;
      metrics.logger.warn({ err: error }, "metrics: could not count the database's rows");
      return undefined;
    }
  });
  new Counter({
    name: "shop_metrics_database_read_errors_total",
    help: "Scrapes whose counts could not be read from the database",
    registers,
    async collect() {
      await read();
      this.reset();
      this.inc(failedReads);
    },
  });

  for (const { name, help, labelNames, samples } of COUNT_GAUGES) {
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      // Under node:cluster every worker counts the same database: the primary takes the largest count
      // (the newest for a growing count, the longest wait for an age), not their sum.
      aggregator: "max",
      async collect() {
        this.reset();
        const counts = await read();
        for (const [labels, value] of counts ? samples(counts) : []) this.set(labels, value);
      },
    });
  }
  if (pool) registerPoolGauges(metrics, pool);
}

/** The connection pool, in OpenTelemetry's names: connections by state, and requests waiting for one. */
function registerPoolGauges(metrics: Metrics, pool: PoolCounts): void {
  const registers = [metrics.registry];
  new Gauge({
    name: "db_client_connection_count",
    help: "Connections of the database pool by state (idle, used)",
    labelNames: ["db_client_connection_state"],
    registers,
    collect() {
      this.set({ db_client_connection_state: "idle" }, pool.idleCount);
      this.set({ db_client_connection_state: "used" }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: "db_client_connection_pending_requests",
    help: "Queries waiting for a connection of the database pool",
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

/** One read for every gauge of a scrape: a read in flight is shared, the next scrape reads again. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    if (!inFlight) {
      const reading = read();
      inFlight = reading;
      const done = () => {
        if (inFlight === reading) inFlight = undefined;
      };
      reading.then(done, done);
    }
    return inFlight;
  };
}
