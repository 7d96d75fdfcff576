import { and, asc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawResults, draws, players, tickets } from "@/src/backend/db/schema";
import { DEMO_PLAYER, RETAIL_BARCODES } from "@/src/backend/db/seed";
import type { DrawResultDetails, DrawSummary } from "@/src/contract/results";
import type { ClassicResult } from "@/src/domain/results/draw-result";
import { resultsMessages } from "@/src/lib/messages";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";

/** Results, the ticket checker, retail tickets and the boulevard game against the seeded database. */
let api: ApiHarness;
let latest: DrawResultDetails & { result: ClassicResult };

beforeAll(async () => {
  api = await startApiHarness();
  const list = (await (await fetch(`${api.url}/api/draw-results?gameType=KROON&limit=1`)).json()) as {
    draws: DrawSummary[];
  };
  latest = (await (
    await fetch(`${api.url}/api/draw-results/${list.draws[0]!.drawId}`)
  ).json()) as typeof latest;
});
afterAll(() => api?.close());

async function check(body: unknown) {
  const client = cookieClient(api.url);
  return client.postJson("/api/ticket-checker/check", body, await client.token());
}

/**
 * A number that wins exactly the one-end-digit prize: letters no seeded number uses, digits that match
 * no longer end-digit prize, no same-digits prize and no XL begin digits.
 */
function numberWinningOnlyTheLastDigit(result: ClassicResult): string {
  const last = result.endDigitPrizes.find((prize) => prize.digits.length === 1)!.digits;
  for (let body = 0; body < 10_000; body++) {
    const digits = `${String(body).padStart(4, "0")}${last}`;
    const endsLonger = result.endDigitPrizes.some(
      (prize) => prize.digits.length > 1 && digits.endsWith(prize.digits),
    );
    const sameDigits = result.sameDigitsPrizes.some((prize) => prize.digits === digits);
    const xl = result.xlPrizes.some((prize) => digits.startsWith(prize.beginDigits));
    if (!endsLonger && !sameDigits && !xl) return `ZZ${digits}`;
  }
  throw new Error("no such number");
}

describe("draw results", () => {
  it("lists published draws newest first, with readable slugs", async () => {
    const response = await fetch(`${api.url}/api/draw-results?limit=5`);
    expect(response.status).toBe(200);
    const { draws: list } = (await response.json()) as { draws: DrawSummary[] };
    expect(list).toHaveLength(5);
    for (const draw of list) expect(new Date(draw.drawDate).getTime()).toBeLessThan(Date.now());
    expect(list.map((draw) => draw.drawDate)).toEqual(
      [...list.map((draw) => draw.drawDate)].sort().reverse(),
    );
    expect(list[0]?.slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("answers a draw's result, and 404 for a draw not yet published or unknown", async () => {
    expect(latest.result.gameType).toBe("KROON");
    expect(latest.result.endDigitPrizes.filter((prize) => prize.digits.length === 1)).toHaveLength(1);
    const [next] = await api.database.db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "KROON"), gt(draws.drawAt, new Date())))
      .orderBy(asc(draws.drawAt))
      .limit(1);
    expect((await fetch(`${api.url}/api/draw-results/${next!.id}`)).status).toBe(404);
    // A result already entered but published later (the draw show has not ended) is not shown either.
    const [entered] = await api.database.db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "KROON"), gt(draws.drawAt, next!.drawAt)))
      .orderBy(asc(draws.drawAt))
      .limit(1);
    await api.database.db
      .update(draws)
      .set({ publishedAt: new Date(Date.now() + 3_600_000) })
      .where(eq(draws.id, entered!.id));
    await api.database.db
      .insert(drawResults)
      .values({ drawId: entered!.id, result: latest.result, jackpotFell: false });
    try {
      expect((await fetch(`${api.url}/api/draw-results/${entered!.id}`)).status).toBe(404);
    } finally {
      await api.database.db.delete(drawResults).where(eq(drawResults.drawId, entered!.id));
      await api.database.db.update(draws).set({ publishedAt: null }).where(eq(draws.id, entered!.id));
    }
    expect((await fetch(`${api.url}/api/draw-results/999999`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/draw-results/abc`)).status).toBe(400);
  });

  it("names the draws the ticket checker can check", async () => {
    const response = await fetch(`${api.url}/api/draw-results/ticket-checker`);
    expect(response.status).toBe(200);
    const { draws: checkable } = (await response.json()) as { draws: DrawSummary[] };
    expect(checkable.map((draw) => draw.drawId)).toContain(latest.draw.drawId);
  });
});

describe("ticket checker", () => {
  it("pays the one-end-digit prize to a whole ticket, a fifth of it to a fifth", async () => {
    const number = numberWinningOnlyTheLastDigit(latest.result);
    const amount = latest.result.endDigitPrizes.find((prize) => prize.digits.length === 1)!.amountInCents;
    const response = await check({
      drawId: latest.draw.drawId,
      tickets: [
        { ticketNumber: number, fraction: "WHOLE" },
        { ticketNumber: number, fraction: "ONE_FIFTH" },
      ],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results[0]).toMatchObject({ ticketNumber: number, totalInCents: amount });
    expect(body.results[1]).toMatchObject({ totalInCents: amount / 5 });
    expect(body.totalInCents).toBe(amount + amount / 5);
  });

  it("adds the jackpot's XL prize only for a ticket with XL", async () => {
    const top = [...latest.result.xlPrizes].sort((a, b) => b.amountInCents - a.amountInCents)[0]!;
    const number = `ZZ${top.beginDigits.padEnd(5, "0")}`;
    const body = await (
      await check({
        drawId: latest.draw.drawId,
        tickets: [
          { ticketNumber: number, withXl: true },
          { ticketNumber: number, withXl: false },
        ],
      })
    ).json();
    const xl = body.results[0].prizes.find((prize: { category: string }) => prize.category === "xl");
    expect(xl?.amountInCents).toBeGreaterThanOrEqual(top.amountInCents);
    expect(body.results[1].prizes.some((prize: { category: string }) => prize.category === "xl")).toBe(false);
    expect(body.results[0].totalInCents - body.results[1].totalInCents).toBe(xl.amountInCents);
  });

  it("reads `ab 12 345` as AB12345 and refuses AB1234 with the spec's message", async () => {
    const spaced = await (
      await check({
        drawId: latest.draw.drawId,
        tickets: [{ ticketNumber: "ab 12 345" }, { ticketNumber: "AB12345" }],
      })
    ).json();
    expect(spaced.results[0].ticketNumber).toBe("AB12345");
    expect(spaced.results[0].totalInCents).toBe(spaced.results[1].totalInCents);

    const response = await check({ drawId: latest.draw.drawId, tickets: [{ ticketNumber: "AB1234" }] });
    expect(response.status).toBe(400);
    expect((await response.json()).errors["tickets.0.ticketNumber"]).toEqual(["Not a valid ticket number"]);
  });

  it("refuses more than 10 numbers and a draw without a published result, never with a 5xx", async () => {
    const eleven = Array.from({ length: 11 }, () => ({ ticketNumber: "AB12345" }));
    expect((await check({ drawId: latest.draw.drawId, tickets: eleven })).status).toBe(400);
    const unknown = await check({ drawId: 999_999, tickets: [{ ticketNumber: "AB12345" }] });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors.drawId).toEqual([
      "De uitslag van deze trekking is (nog) niet bekend.",
    ]);
  });
});

describe("retail tickets", () => {
  async function loggedIn() {
    const client = cookieClient(api.url);
    await client.postJson(
      "/api/authentication/login",
      { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      await client.token("/api/authentication/get-token"),
    );
    return { client, token: await client.token() };
  }

  it("links a seeded barcode to the player, once, and shows it as Winkel among the participations", async () => {
    const { client, token } = await loggedIn();
    const retail = RETAIL_BARCODES.find((entry) => entry.draw === "last")!;
    const linked = await client.postJson("/api/retail-tickets", { barcode: retail.barcode }, token);
    expect(linked.status).toBe(200);
    const ticket = await linked.json();
    expect(ticket).toMatchObject({ ticketNumber: retail.number, fraction: retail.fraction });

    const again = await client.postJson("/api/retail-tickets", { barcode: retail.barcode }, token);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("RetailTicketAlreadyLinkedError");

    // Two tickets in coming draws, so the list has draws on both sides of today.
    const [player] = await api.database.db.select().from(players).where(eq(players.email, DEMO_PLAYER.email));
    const coming = await api.database.db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, "KROON"), gt(draws.drawAt, new Date())))
      .orderBy(asc(draws.drawAt))
      .limit(2);
    expect(coming).toHaveLength(2);
    await api.database.db.insert(tickets).values(
      coming.map((draw, index) => ({
        drawId: draw.id,
        number: `ZW0000${index}`,
        playerId: player?.id,
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: false,
        multiplier: 1,
        purchaseType: "Online",
        groupIndex: 0,
      })),
    );
    const participations = await (await client.request("/api/participations")).json();
    const listed = participations.draws
      .flatMap((draw: { tickets: Array<{ number: string; purchaseType: string }> }) => draw.tickets)
      .find((entry: { number: string }) => entry.number === retail.number);
    expect(listed?.purchaseType).toBe("Retail");
    // The coming draws first, the next one first; then the past ones, the latest first (issue 43).
    const times = participations.draws.map((draw: { drawDate: string }) => Date.parse(draw.drawDate));
    const upcoming = times.filter((time: number) => time > Date.now());
    const past = times.filter((time: number) => time <= Date.now());
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    expect(past.length).toBeGreaterThan(0);
    expect(times).toEqual([...[...upcoming].sort((a, b) => a - b), ...[...past].sort((a, b) => b - a)]);

    const removed = await client.postJson(
      "/api/retail-tickets",
      { ticketId: ticket.ticketId, drawId: ticket.drawId },
      token,
      "DELETE",
    );
    expect(removed.status).toBe(204);
  });

  it("refuses an unknown barcode and a malformed one, and needs a login", async () => {
    const { client, token } = await loggedIn();
    const unknown = await client.postJson("/api/retail-tickets", { barcode: "1111111111111" }, token);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("RetailTicketNotFoundError");
    expect((await client.postJson("/api/retail-tickets", { barcode: "abc" }, token)).status).toBe(400);
    const anonymous = cookieClient(api.url);
    const refused = await anonymous.postJson(
      "/api/retail-tickets",
      { barcode: RETAIL_BARCODES[0].barcode },
      await anonymous.token(),
    );
    expect(refused.status).toBe(401);
  });
});

describe("boulevard game", () => {
  it("names a missing id and a missing share with the spec's messages", async () => {
    const noId = await fetch(`${api.url}/api/boulevardgame/%20?shares=4`);
    expect(noId.status).toBe(400);
    expect((await noId.json()).errors.boulevardId).toEqual(["Boulevardid is not filled"]);
    const noShares = await fetch(`${api.url}/api/boulevardgame/AB123`);
    expect(noShares.status).toBe(400);
    expect((await noShares.json()).errors.shares).toEqual(["Boulevardid or share not filled"]);
  });

  it("always wins the two-end-digit prize and splits the total over the shares", async () => {
    const response = await fetch(`${api.url}/api/boulevardgame/ZZ123?shares=4`);
    expect(response.status).toBe(200);
    const body = await response.json();
    const twoDigit = Math.min(
      ...latest.result.endDigitPrizes
        .filter((prize) => prize.digits.length === 2)
        .map((prize) => prize.amountInCents),
    );
    expect(body.totalInCents).toBeGreaterThanOrEqual(twoDigit);
    expect(body.perShareInCents).toBe(Math.floor(body.totalInCents / 4));
    const tickets = await (await fetch(`${api.url}/api/boulevardgame/ZZ123/tickets`)).json();
    expect(tickets.tickets).toHaveLength(100);
    expect(tickets.tickets[0]).toBe("ZZ12300");
  });

  it("reads the id in any case with spaces, and lists the same boulevard's prizes as its numbers", async () => {
    const game = await (await fetch(`${api.url}/api/boulevardgame/kb%20123?shares=5`)).json();
    expect(game).toMatchObject({ boulevardId: "KB123", drawId: latest.draw.drawId, shares: 5 });
    const { tickets } = await (await fetch(`${api.url}/api/boulevardgame/kb123/tickets`)).json();
    for (const prize of game.prizes) expect(tickets).toContain(prize.ticketNumber);
    expect(game.totalInCents).toBe(
      game.prizes.reduce((sum: number, prize: { amountInCents: number }) => sum + prize.amountInCents, 0),
    );
  });

  it("refuses a malformed id and shares that are no whole number from 1 to 100, per field", async () => {
    const malformed = await fetch(`${api.url}/api/boulevardgame/12345?shares=1`);
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors.boulevardId).toEqual([resultsMessages.boulevardIdInvalid]);
    for (const shares of ["0", "101", "vijf", "2.5", "1e2"]) {
      const response = await fetch(`${api.url}/api/boulevardgame/AB123?shares=${shares}`);
      expect(response.status, shares).toBe(400);
      expect((await response.json()).errors.shares).toEqual([resultsMessages.sharesInvalid]);
    }
  });

  it("knows no boulevard whose letters are never on a ticket (I, O, Q): 404 at the id", async () => {
    for (const path of ["/api/boulevardgame/IO123?shares=1", "/api/boulevardgame/AQ123/tickets"]) {
      const response = await fetch(`${api.url}${path}`);
      expect(response.status, path).toBe(404);
      expect((await response.json()).errors.boulevardId).toEqual([resultsMessages.boulevardUnknown]);
    }
  });
});
