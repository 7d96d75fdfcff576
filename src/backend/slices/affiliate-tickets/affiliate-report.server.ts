import { and, count, eq, gte, isNotNull, lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/src/backend/db/database.server";
import { orders, tickets } from "@/src/backend/db/schema";
import { amsterdamTime } from "@/src/lib/amsterdam-time";

/**
 * The monthly partner report (issue 17, `npm run affiliates:report -- --month 2026-12`): per partner host or
 * code and page, the paid orders of the month (Amsterdam time), their tickets and the amount, as the basis
 * of the partner settlement. Free tickets count as orders and tickets with an amount of 0.
 */

export const ReportMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "expected --month YYYY-MM, e.g. --month 2026-12");

export type AffiliateReportRow = {
  partner: string;
  pageId: string;
  orders: number;
  tickets: number;
  amountCents: number;
};

/** The first instant of the month and of the next, on Amsterdam's clocks. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = ReportMonthSchema.parse(month).split("-").map(Number) as [number, number];
  const next = monthNumber === 12 ? { year: year + 1, month: 1 } : { year, month: monthNumber + 1 };
  return { from: amsterdamTime(year, monthNumber, 1), to: amsterdamTime(next.year, next.month, 1) };
}

/** The report's rows, by partner then page. */
export async function affiliateReport(db: Db, month: string): Promise<AffiliateReportRow[]> {
  const { from, to } = monthRange(month);
  const perOrder = await db
    .select({
      partner: orders.affiliatePartner,
      pageId: orders.pageId,
      totalCents: orders.totalCents,
      tickets: count(tickets.id),
    })
    .from(orders)
    .leftJoin(tickets, eq(tickets.orderId, orders.id))
    .where(
      and(
        isNotNull(orders.affiliatePartner),
        eq(orders.status, "paid"),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
      ),
    )
    .groupBy(orders.id);
  const rows = new Map<string, AffiliateReportRow>();
  for (const order of perOrder) {
    const partner = order.partner ?? "";
    const pageId = order.pageId ?? "";
    const key = `${partner}\u0000${pageId}`;
    const row = rows.get(key) ?? { partner, pageId, orders: 0, tickets: 0, amountCents: 0 };
    row.orders += 1;
    row.tickets += order.tickets;
    row.amountCents += order.totalCents;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.partner.localeCompare(b.partner) || a.pageId.localeCompare(b.pageId),
  );
}

/** A CSV field: quoted when it holds the separator, a quote or a line break; a formula start is defused. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[;"\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as a Dutch spreadsheet reads it: `;` between fields, amounts in euros with a decimal comma. */
export function reportCsv(month: string, rows: readonly AffiliateReportRow[]): string {
  const lines = [["maand", "partner", "pagina", "bestellingen", "loten", "bedrag_eur"].join(";")];
  for (const row of rows) {
    const euros = (row.amountCents / 100).toFixed(2).replace(".", ",");
    lines.push(
      [month, row.partner, row.pageId, String(row.orders), String(row.tickets), euros]
        .map(csvField)
        .join(";"),
    );
  }
  return `${lines.join("\n")}\n`;
}
