import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { rowsOf } from "@/src/backend/db/rows";
import { draws, giftTickets, tickets } from "@/src/backend/db/schema";
import { toIssuedTicket } from "@/src/backend/orders/orders.server";
import type { HistoryEntry, OrderHistory, OrderHistoryQuery } from "@/src/contract/order-history";
import {
  HISTORY_GROUPS,
  HISTORY_PAGE_SIZE,
  type HistoryKind,
  type HistoryMethod,
  outcomeOf,
  statusesOf,
} from "@/src/domain/order-history/history";
import { maskIban } from "@/src/domain/portal/iban";

/**
 * Every row of the player's money in one list (issue 43): basket and gift orders, subscription sign-ups,
 * direct-debit collections (the first one is the sign-up's iDEAL payment, listed once as the sign-up),
 * payments of what a locked subscription owed, deposits, withdrawals and refunds into the wallet.
 */
function historyRows(playerId: string): SQL {
  const ref = (column: SQL) => sql`upper(left(${column}::text, 8))`;
  return sql`
    select 'tickets' as kind, o.id::text as id, o.order_number::text as reference, o.created_at as at,
      o.total_cents::bigint as amount, o.payment_method as method, o.status, '' as description
    from orders o
    where o.player_id = ${playerId} and not exists (select 1 from gift_tickets g where g.order_id = o.id)
    union all
    select 'gift', o.id::text, o.order_number::text, o.created_at, o.total_cents, o.payment_method,
      case when o.status = 'paid' then g.state else o.status end, g.recipient_name
    from orders o join gift_tickets g on g.order_id = o.id
    where o.player_id = ${playerId}
    union all
    select 'subscription', so.id::text, ${ref(sql`so.transaction_id`)}, so.created_at, so.first_amount_cents,
      'ideal', so.status, coalesce(so.subscription_id::text, '')
    from subscription_orders so
    where so.player_id = ${playerId}
    union all
    select 'collection', c.id::text, ${ref(sql`c.id`)}, c.created_at, c.amount_cents, c.method, c.state, d.name
    from subscription_collections c
    join subscriptions s on s.id = c.subscription_id
    join draws d on d.id = c.draw_id
    where s.player_id = ${playerId} and c.method <> 'ideal' and c.amount_cents > 0
    union all
    select 'collectionPayment', cp.id::text, ${ref(sql`cp.transaction_id`)}, cp.created_at, cp.amount_cents,
      cp.method, cp.status, cp.subscription_id::text
    from collection_payments cp
    where cp.player_id = ${playerId}
    union all
    select 'deposit', dp.id::text, ${ref(sql`dp.transaction_id`)}, dp.created_at, dp.amount_cents, dp.method,
      dp.status, ''
    from deposits dp
    where dp.player_id = ${playerId}
    union all
    select 'withdrawal', w.id::text, ${ref(sql`w.transaction_id`)}, w.created_at, w.amount_cents,
      'bankTransfer', w.status, w.iban
    from withdrawals w
    where w.player_id = ${playerId}
    union all
    select 'refund', lt.id::text, ${ref(sql`lt.id`)}, lt.created_at,
      (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
        where e.transaction_id = lt.id and e.account = 'wallet'),
      'balance', 'credited', lt.description
    from ledger_transactions lt
    where lt.player_id = ${playerId} and lt.kind = 'refund'`;
}

type HistoryRow = {
  kind: HistoryKind;
  id: string;
  reference: string;
  at: Date | string;
  amount: number | string;
  method: string | null;
  status: string;
  description: string;
  total: number | string;
};

const METHODS: Record<string, HistoryMethod> = {
  ideal: "ideal",
  creditcard: "creditcard",
  balance: "balance",
  directDebit: "directDebit",
  bankTransfer: "bankTransfer",
};

function toEntry(row: HistoryRow): HistoryEntry {
  return {
    kind: row.kind,
    id: row.id,
    reference: row.reference,
    at: new Date(row.at).toISOString(),
    amountInCents: Math.abs(Number(row.amount)),
    method: (row.method && METHODS[row.method]) || null,
    status: row.status,
    outcome: outcomeOf(row.status),
    // The IBAN a withdrawal went to is shown masked, as on /mijn/saldo.
    description: row.kind === "withdrawal" ? maskIban(row.description) : row.description,
  };
}

/** One page of the player's history, newest first, narrowed to a group of kinds and an outcome. */
export async function orderHistory(
  db: Db,
  playerId: string,
  query: OrderHistoryQuery,
): Promise<OrderHistory> {
  const kinds: readonly string[] | undefined = query.group ? HISTORY_GROUPS[query.group] : undefined;
  const statuses = query.outcome ? statusesOf(query.outcome) : undefined;
  const where = [
    kinds ? sql`h.kind = any(${sql.param(kinds)}::text[])` : sql`true`,
    statuses ? sql`h.status = any(${sql.param(statuses)}::text[])` : sql`true`,
  ];
  const result = await db.execute(sql`
    select h.*, count(*) over () as total
    from (${historyRows(playerId)}) h
    where ${sql.join(where, sql` and `)}
    order by h.at desc, h.id desc
    limit ${HISTORY_PAGE_SIZE} offset ${(query.page - 1) * HISTORY_PAGE_SIZE}`);
  const rows = rowsOf<HistoryRow>(result);
  const total = rows.length > 0 ? Number(rows[0]?.total) : await countOf(db, playerId, where);
  const entries = await withDetails(db, rows.map(toEntry));
  return { entries, page: query.page, pageCount: Math.ceil(total / HISTORY_PAGE_SIZE), total };
}

/** The count when the page asked for lies beyond the last one (the window function saw no rows). */
async function countOf(db: Db, playerId: string, where: SQL[]): Promise<number> {
  const result = await db.execute(sql`
    select count(*) as total from (${historyRows(playerId)}) h where ${sql.join(where, sql` and `)}`);
  return Number(rowsOf<{ total: number | string }>(result)[0]?.total ?? 0);
}

/** Adds the tickets a paid basket order issued and the gift a gift order was for. */
async function withDetails(db: Db, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const orderIds = entries
    .filter((entry) => entry.kind === "tickets" && entry.status === "paid")
    .map((e) => e.id);
  const giftOrderIds = entries.filter((entry) => entry.kind === "gift").map((entry) => entry.id);
  const [ticketRows, giftRows] = await Promise.all([
    orderIds.length === 0
      ? []
      : db
          .select({ ticket: tickets, draw: draws })
          .from(tickets)
          .innerJoin(draws, eq(draws.id, tickets.drawId))
          .where(inArray(tickets.orderId, orderIds))
          .orderBy(asc(draws.drawAt), asc(tickets.groupIndex), asc(tickets.number)),
    giftOrderIds.length === 0
      ? []
      : db
          .select({
            orderId: giftTickets.orderId,
            recipientName: giftTickets.recipientName,
            sendOn: giftTickets.sendOn,
            state: giftTickets.state,
            drawName: draws.name,
          })
          .from(giftTickets)
          .innerJoin(draws, eq(draws.id, giftTickets.drawId))
          .where(inArray(giftTickets.orderId, giftOrderIds)),
  ]);
  return entries.map((entry) => {
    if (entry.kind === "tickets" && ticketRows.length > 0) {
      const own = ticketRows.filter(({ ticket }) => ticket.orderId === entry.id);
      if (own.length > 0) return { ...entry, tickets: ticketsOf(own) };
    }
    const gift = giftRows.find((row) => row.orderId === entry.id);
    if (gift) {
      const { recipientName, sendOn, drawName } = gift;
      return { ...entry, gift: { recipientName, sendOn, drawName, state: giftState(gift.state) } };
    }
    return entry;
  });
}

function giftState(state: string): NonNullable<HistoryEntry["gift"]>["state"] {
  return state === "paid" || state === "sent" || state === "redeemed" || state === "cancelled"
    ? state
    : "pending";
}

function ticketsOf(
  rows: readonly { ticket: typeof tickets.$inferSelect; draw: typeof draws.$inferSelect }[],
): NonNullable<HistoryEntry["tickets"]> {
  const drawList = new Map<number, { drawId: number; name: string; drawDate: string }>();
  for (const { draw } of rows) {
    drawList.set(draw.id, { drawId: draw.id, name: draw.name, drawDate: draw.drawAt.toISOString() });
  }
  return { draws: [...drawList.values()], tickets: rows.map(({ ticket }) => toIssuedTicket(ticket)) };
}
