import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { draws, giftTickets, orders, players, tickets } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { formatGiftCode, newGiftCode } from "@/src/domain/gift-tickets/gift-rules";
import { expect, expectURL } from "./fixtures";

/**
 * A gift the demo player gave and paid, its e-mail sent (as the first gift journey leaves one), for the
 * journeys about redeeming it: answers the code as the e-mail shows it and the ticket's number.
 */
export async function sentGift(db: Db): Promise<{ code: string; number: string }> {
  const [giver] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email));
  const [draw] = await db
    .select({ id: draws.id })
    .from(draws)
    .where(and(eq(draws.gameType, "KROON"), gt(draws.salesCloseAt, new Date())))
    .orderBy(asc(draws.drawAt))
    .limit(1);
  if (!giver || !draw) throw new Error("the seed has no demo player or no draw on sale");
  const code = newGiftCode(randomInt);
  const number = `KB${String(randomInt(0, 100_000)).padStart(5, "0")}`;
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        transactionId: randomUUID(),
        playerId: giver.id,
        pageId: "cadeau",
        status: "paid",
        contentHash: "journey",
        lines: [],
        totalCents: 1_750,
        paymentMethod: "ideal",
        completedAt: new Date(),
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("no order");
    const [ticket] = await tx
      .insert(tickets)
      .values({
        drawId: draw.id,
        number,
        orderId: order.id,
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: false,
        multiplier: 1,
        purchaseType: "Online",
        groupIndex: 0,
      })
      .returning({ id: tickets.id });
    await tx.insert(giftTickets).values({
      code,
      pageId: "cadeau",
      orderId: order.id,
      giverId: giver.id,
      storeId: randomUUID(),
      drawId: draw.id,
      fraction: "WHOLE",
      recipientName: "Sanne",
      recipientEmail: "sanne@example.nl",
      sendOn: new Date().toISOString().slice(0, 10),
      state: "sent",
      ticketId: ticket?.id,
      sentAt: new Date(),
    });
  });
  return { code: formatGiftCode(code), number };
}

/**
 * Approves a gift's payment on the simulator's page; the confirmation names the recipient and the day her
 * e-mail goes out (issue 43), with the order's number, amount and method. Answers the order number.
 */
export async function approveGiftPayment(
  page: Page,
  { recipient, sendOn, amount }: { recipient: string; sendOn: string; amount: string },
): Promise<string> {
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  await expectURL(page, /\/afrekenen\/resultaat\?transactionId=/);
  await expect(page.getByRole("heading", { level: 1, name: "Je cadeaulot is besteld" })).toBeVisible();
  await expect(page.getByText(`${recipient} krijgt ${sendOn} een e-mail met de code`)).toBeVisible();
  const summary = page.getByRole("region", { name: "Je bestelling" });
  await expect(summary.getByRole("definition").filter({ hasText: amount })).toBeVisible();
  await expect(summary.getByRole("definition").filter({ hasText: /^iDEAL$/ })).toBeVisible();
  await expect(
    summary.getByRole("definition").filter({ hasText: new RegExp(`^${recipient}$`) }),
  ).toBeVisible();
  // Not the basket's confirmation: the gift's ticket is the recipient's.
  await expect(page.getByText("Je loten staan hieronder")).toHaveCount(0);
  const orderNumber = await summary.getByRole("definition").first().textContent();
  expect(orderNumber).toMatch(/^\d{6,}$/);
  return orderNumber ?? "";
}

/** The number of the ticket a gift to `recipientEmail` issued. */
export async function giftTicketNumber(db: Db, recipientEmail: string): Promise<string> {
  const [row] = await db
    .select({ number: tickets.number })
    .from(giftTickets)
    .innerJoin(tickets, eq(tickets.id, giftTickets.ticketId))
    .where(eq(giftTickets.recipientEmail, recipientEmail));
  if (!row) throw new Error(`no gift ticket for ${recipientEmail}`);
  return row.number;
}
