// What `npm run bench:peak` counts in the database after the run, against what the visitors were told.
// Every check below must come out zero.
import pg from "pg";
import type { OrderTrace } from "./bench-peak-load";

export type Totals = {
  orders: number;
  ordersPaid: number;
  ordersPending: number;
  ordersFailedOrCancelled: number;
  payments: number;
  paymentsPaid: number;
  tickets: number;
  emails: number;
};

export type Integrity = {
  /** Orders whose store call answered 2xx, missing from the database. */
  lostOrders: number;
  /** Orders the player saw paid that the database does not hold as paid with the same ticket numbers. */
  lostPaidOrders: number;
  /** More than one order for a transaction id, or an order the visitors never sent. */
  duplicatedOrders: number;
  /** An order with more than one payment at the provider (a retried or double-clicked store). */
  ordersWithTwoPayments: number;
  /** An order with more tickets than it ordered (issued twice). */
  ticketsIssuedTwice: number;
  paidOrdersWithoutTickets: number;
  /** Tickets of an order that is not paid, or whose payment the provider does not report paid. */
  ticketsWithoutPayment: number;
  /** The provider took the money, the order is not paid: no tickets for a paying player. */
  paymentsWithoutPaidOrder: number;
  paidOrdersWithoutEmail: number;
  /** Confirmation e-mails for orders that are not paid, or more than one per order. */
  emailsWithoutPaidOrder: number;
  /** Confirmation e-mails of the run the mail provider never received (after the outbox drained). */
  emailsNotDelivered: number;
  /** Confirmation e-mails the mail provider received more than once (the same Message-ID). */
  emailsDeliveredTwice: number;
};

async function count(client: pg.Client, query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: string }>(query, values);
  return Number(rows[0]?.n ?? 0);
}

/** The database's totals and the integrity checks for the orders of this run (created from `since` on). */
export async function countIntegrity(
  databaseUrl: string,
  traces: readonly OrderTrace[],
  since: Date,
  /** What the mail provider received: the Message-ID's local part (the outbox row's id) -> times. */
  mail: ReadonlyMap<string, number>,
): Promise<{ totals: Totals; integrity: Integrity }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const run = "o.created_at >= $1";
    const totals: Totals = {
      orders: await count(client, `select count(*) n from orders o where ${run}`, [since]),
      ordersPaid: await count(client, `select count(*) n from orders o where ${run} and status = 'paid'`, [
        since,
      ]),
      ordersPending: await count(
        client,
        `select count(*) n from orders o where ${run} and status = 'pending'`,
        [since],
      ),
      ordersFailedOrCancelled: await count(
        client,
        `select count(*) n from orders o where ${run} and status not in ('paid', 'pending')`,
        [since],
      ),
      payments: await count(client, "select count(*) n from simulated_payments where created_at >= $1", [
        since,
      ]),
      paymentsPaid: await count(
        client,
        "select count(*) n from simulated_payments where created_at >= $1 and status = 'paid'",
        [since],
      ),
      tickets: await count(client, "select count(*) n from tickets where created_at >= $1", [since]),
      emails: await count(client, "select count(*) n from outbox_emails where created_at >= $1", [since]),
    };

    const stored = traces.filter((trace) => trace.stored).map((trace) => trace.transactionId);
    const sent = traces.map((trace) => trace.transactionId);
    const paid = traces.filter((trace) => trace.paid);
    const lostOrders = await count(
      client,
      `select count(*) n from unnest($1::uuid[]) t(id)
        where not exists (select 1 from orders o where o.transaction_id = t.id)`,
      [stored],
    );
    // Paid as the player saw it: the same ticket numbers, on an order that is paid.
    const { rows: paidRows } = await client.query<{
      transaction_id: string;
      status: string;
      numbers: string[];
    }>(
      `select o.transaction_id, o.status, coalesce(array_agg(t.number order by t.number)
          filter (where t.id is not null), '{}') numbers
         from orders o left join tickets t on t.order_id = o.id
        where o.transaction_id = any($1::uuid[]) group by o.id`,
      [paid.map((trace) => trace.transactionId)],
    );
    const inDatabase = new Map(paidRows.map((row) => [row.transaction_id, row]));
    const lostPaidOrders = paid.filter((trace) => {
      const row = inDatabase.get(trace.transactionId);
      return row?.status !== "paid" || row.numbers.join() !== [...trace.numbers].sort().join();
    }).length;
    const duplicatedOrders =
      (await count(
        client,
        `select coalesce(sum(n - 1), 0) n from
          (select count(*) n from orders o where ${run} group by transaction_id) d`,
        [since],
      )) +
      (await count(
        client,
        `select count(*) n from orders o where ${run} and not (o.transaction_id = any($2::uuid[]))`,
        [since, sent],
      ));
    const ordersWithTwoPayments = await count(
      client,
      `select count(*) n from (select reference from simulated_payments
        where created_at >= $1 group by reference having count(*) > 1) d`,
      [since],
    );
    // The run orders one ticket of one number per order.
    const ticketsIssuedTwice = await count(
      client,
      `select count(*) n from (select o.id from orders o join tickets t on t.order_id = o.id
        where ${run} group by o.id having count(*) > 1) d`,
      [since],
    );
    const paidOrdersWithoutTickets = await count(
      client,
      `select count(*) n from orders o where ${run} and o.status = 'paid'
        and not exists (select 1 from tickets t where t.order_id = o.id)`,
      [since],
    );
    const ticketsWithoutPayment = await count(
      client,
      `select count(*) n from tickets t
         left join orders o on o.id = t.order_id
         left join simulated_payments p on p.id = o.payment_id
        where t.created_at >= $1
          and (o.id is null or o.status <> 'paid' or p.id is null or p.status <> 'paid')`,
      [since],
    );
    const paymentsWithoutPaidOrder = await count(
      client,
      `select count(*) n from simulated_payments p left join orders o on o.payment_id = p.id
        where p.created_at >= $1 and p.status = 'paid' and (o.id is null or o.status <> 'paid')`,
      [since],
    );
    const paidOrdersWithoutEmail = await count(
      client,
      `select count(*) n from orders o where ${run} and o.status = 'paid'
        and not exists (select 1 from outbox_emails e where e.order_id = o.id and e.kind = 'order-confirmation')`,
      [since],
    );
    const emailsWithoutPaidOrder = await count(
      client,
      `select count(*) n from outbox_emails e left join orders o on o.id = e.order_id
        where e.created_at >= $1 and e.kind = 'order-confirmation' and (o.id is null or o.status <> 'paid')`,
      [since],
    );
    const { rows: confirmations } = await client.query<{ id: string }>(
      "select id from outbox_emails where created_at >= $1 and kind = 'order-confirmation'",
      [since],
    );
    const emailsNotDelivered = confirmations.filter((row) => !mail.has(row.id)).length;
    const emailsDeliveredTwice = confirmations.filter((row) => (mail.get(row.id) ?? 0) > 1).length;
    return {
      totals,
      integrity: {
        lostOrders,
        lostPaidOrders,
        duplicatedOrders,
        ordersWithTwoPayments,
        ticketsIssuedTwice,
        paidOrdersWithoutTickets,
        ticketsWithoutPayment,
        paymentsWithoutPaidOrder,
        paidOrdersWithoutEmail,
        emailsWithoutPaidOrder,
        emailsNotDelivered,
        emailsDeliveredTwice,
      },
    };
  } finally {
    await client.end();
  }
}

/** Waits until the run's e-mails have all left the outbox (sent or dead); how many still wait at the end. */
export async function drainOutbox(databaseUrl: string, since: Date, timeoutMs: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const waiting = await count(
        client,
        "select count(*) n from outbox_emails where created_at >= $1 and state in ('queued', 'sending')",
        [since],
      );
      if (waiting === 0 || Date.now() > until) return waiting;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  } finally {
    await client.end();
  }
}

/** One line of the metrics against the database: a label value, the metric's count, the database's. */
export type CountPair = { key: string; metric: number; database: number };

/** The samples of one series name in Prometheus's text format, by the value of one label. */
function samplesBy(text: string, name: string, label: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const value = new RegExp(`(?:^|,)${label}="([^"]*)"`).exec(match[2] ?? "")?.[1];
    if (value !== undefined) values.set(value, (values.get(value) ?? 0) + Number(match[3]));
  }
  return values;
}

function pairs(metric: Map<string, number>, database: Map<string, number>): CountPair[] {
  return [...new Set([...metric.keys(), ...database.keys()])]
    .sort()
    .map((key) => ({ key, metric: metric.get(key) ?? 0, database: database.get(key) ?? 0 }));
}

/**
 * The shop's metrics (one scrape of the cluster primary) against the database: the orders settled in
 * this run by outcome (`shop_orders_settled_total`, counted where each was settled) against the run's
 * orders by state, and every order by state (`shop_orders`, counted from the database at the scrape).
 */
export async function metricsAgainstDatabase(
  metricsUrl: string,
  databaseUrl: string,
  since: Date,
): Promise<{ settled: CountPair[]; orders: CountPair[] }> {
  const text = await (await fetch(metricsUrl)).text();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const byState = async (query: string, values: unknown[]) => {
      const { rows } = await client.query<{ state: string; n: string }>(query, values);
      return new Map(rows.map((row) => [row.state, Number(row.n)]));
    };
    const runSettled = await byState(
      "select status state, count(*) n from orders where created_at >= $1 and status <> 'pending' group by status",
      [since],
    );
    const all = await byState("select status state, count(*) n from orders group by status", []);
    return {
      settled: pairs(samplesBy(text, "shop_orders_settled_total", "outcome"), runSettled),
      orders: pairs(samplesBy(text, "shop_orders", "state"), all),
    };
  } finally {
    await client.end();
  }
}
