import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import express from "express";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWalletMovement, walletBalance } from "@/src/backend/db/ledger/ledger.server";
import {
  drawResults,
  draws,
  jobs,
  ledgerEntries,
  ledgerTransactions,
  outboxEmails,
  prizePayouts,
  tickets,
  withdrawals,
} from "@/src/backend/db/schema";
import { listParticipations } from "@/src/backend/orders/orders.server";
import { createDirectDebit } from "@/src/backend/simulators/direct-debit/direct-debit.server";
import { createPlayer } from "@/src/backend/slices/portal/handlers";
import { SUBMIT_WITHDRAWALS_JOB, withdraw } from "@/src/backend/slices/wallet/wallet.server";
import { WalletError } from "@/src/backend/slices/wallet/wallet-error.server";
import { type DrawResult, DrawResultSchema } from "@/src/domain/results/draw-result";
import { ticketPrizes } from "@/src/domain/results/prize-engine";
import { type ApiHarness, startApiHarness } from "@/tests/support/api-harness";
import { listenLocally } from "@/tests/support/listen";
import { PAY_PRIZES_JOB, scheduleWalletJobs, walletJobHandlers } from "./wallet-jobs.server";

/**
 * The ledger and prizes paid in (issue 16, items 3 and 5) against a real database (PostgreSQL in CI): a
 * published result pays a winning online ticket once however often the job runs, and random sequences of
 * deposits, payments, prizes and withdrawals, partly at once, keep every transaction balanced and no
 * balance below zero.
 */

let api: ApiHarness;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

async function newPlayer(iban: string | null = null): Promise<string> {
  const { id } = await createPlayer(api.database.db, {
    email: `ledger-${randomBytes(6).toString("hex")}@example.test`,
    passwordHash: "not-used",
    firstName: "Lotte",
    lastName: "Bakker",
    birthDate: "1979-09-30",
    street: "Dorpsstraat",
    houseNumber: 9,
    postalCode: "1234AB",
    city: "Kroondorp",
    iban,
  });
  return id;
}

/** The latest published classic draw of the seed, with its result. */
async function publishedDraw(): Promise<{ id: number; name: string; result: DrawResult }> {
  const [row] = await api.database.db
    .select({ id: draws.id, name: draws.name, result: drawResults.result })
    .from(draws)
    .innerJoin(drawResults, eq(drawResults.drawId, draws.id))
    .where(and(eq(draws.gameType, "KROON"), isNotNull(draws.publishedAt), lte(draws.publishedAt, new Date())))
    .orderBy(desc(draws.drawAt))
    .limit(1);
  if (!row) throw new Error("The seed has no published classic draw");
  return { id: row.id, name: row.name, result: DrawResultSchema.parse(row.result) };
}

/** A ticket number of the draw that is still free and whose prize `accept`s. */
async function freeNumber(drawId: number, candidates: string[]): Promise<string> {
  const taken = await api.database.db
    .select({ number: tickets.number })
    .from(tickets)
    .where(and(eq(tickets.drawId, drawId), inArray(tickets.number, candidates)));
  const free = candidates.find((number) => !taken.some((row) => row.number === number));
  if (!free) throw new Error("No free winning number");
  return free;
}

async function issue(drawId: number, playerId: string, number: string, purchaseType = "Online") {
  const [row] = await api.database.db
    .insert(tickets)
    .values({
      drawId,
      number,
      playerId,
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: false,
      multiplier: 1,
      purchaseType,
      groupIndex: 0,
    })
    .returning({ id: tickets.id });
  if (!row) throw new Error("ticket not issued");
  return row.id;
}

describe("prizes paid in when a result is published", () => {
  it("credits a winning online ticket once, even when the job runs twice and twice at once", async () => {
    const draw = await publishedDraw();
    const playerId = await newPlayer();
    // A number winning a small end-digit prize: letters no top prize uses, and the one-digit prize's digit.
    const oneDigit =
      draw.result.gameType === "KROON"
        ? draw.result.endDigitPrizes.find((p) => p.digits.length === 1)
        : undefined;
    if (!oneDigit) throw new Error("The result has no one-digit prize");
    const smallCandidates = Array.from(
      { length: 50 },
      (_, index) => `QZ${String(1000 + index).padStart(4, "0")}${oneDigit.digits}`,
    );
    const small = await freeNumber(draw.id, smallCandidates);
    const smallPrize = ticketPrizes(draw.result, {
      number: small,
      fraction: "WHOLE",
      withXl: false,
    }).totalInCents;
    expect(smallPrize).toBeGreaterThan(0);
    expect(smallPrize).toBeLessThanOrEqual(1_010_000);
    // A number winning above EUR 10,100: a top prize's number, claimed with customer service.
    const topNumbers =
      draw.result.gameType === "KROON"
        ? [draw.result.jackpot.number, ...draw.result.fullNumberPrizes.map((prize) => prize.number)]
        : [];
    const highCandidates = topNumbers.filter(
      (number) =>
        ticketPrizes(draw.result, { number, fraction: "WHOLE", withXl: false }).totalInCents > 1_010_000,
    );
    const high = await freeNumber(draw.id, highCandidates);
    const smallTicket = await issue(draw.id, playerId, small);
    const highTicket = await issue(draw.id, playerId, high);
    // A shop's ticket is paid at the shop, not into a wallet.
    const retailNumber = await freeNumber(
      draw.id,
      smallCandidates.filter((number) => number !== small),
    );
    const retailTicket = await issue(draw.id, playerId, retailNumber, "Retail");

    const directDebit = createDirectDebit({ db: api.database.db, logger }).provider;
    const handlers = walletJobHandlers({ db: api.database.db, logger, directDebit, now: () => new Date() });
    const run = () =>
      handlers[PAY_PRIZES_JOB]?.({ drawId: draw.id }, {
        logger,
        signal: new AbortController().signal,
      } as never);
    await run();
    await run();
    await Promise.all([run(), run()]);

    const payouts = await api.database.db
      .select()
      .from(prizePayouts)
      .where(eq(prizePayouts.playerId, playerId));
    expect(
      payouts
        .map(({ ticketId, state }) => ({ ticketId, state }))
        .sort((a, b) => a.state.localeCompare(b.state)),
    ).toEqual([
      { ticketId: highTicket, state: "claim" },
      { ticketId: smallTicket, state: "credited" },
    ]);
    expect(payouts.some((payout) => payout.ticketId === retailTicket)).toBe(false);
    const credits = await api.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, "prize")));
    expect(credits).toHaveLength(1);
    expect(credits[0]?.idempotencyKey).toBe(`prize:${smallTicket}:${draw.id}`);
    expect(await walletBalance(api.database.db, playerId)).toBe(smallPrize);

    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.key, `prize:${draw.id}:${playerId}`));
    expect(mails).toHaveLength(1);
    const highPrize = ticketPrizes(draw.result, {
      number: high,
      fraction: "WHOLE",
      withXl: false,
    }).totalInCents;
    // Both tickets in one e-mail: the small prize on the balance, the high one to claim.
    expect(mails[0]).toMatchObject({ kind: "prize", playerId });
    expect(mails[0]?.data).toEqual({
      firstName: "Lotte",
      drawName: draw.name,
      tickets: 2,
      creditedCents: smallPrize,
      claimCents: highPrize,
    });

    // /mijn/loten shows how each prize was paid.
    const participations = await listParticipations(api.database.db, playerId);
    const shown = participations.draws.find((entry) => entry.drawId === draw.id)?.tickets ?? [];
    expect(shown.find((ticket) => ticket.number === small)).toMatchObject({
      prizeInCents: smallPrize,
      payout: "credited",
    });
    expect(shown.find((ticket) => ticket.number === high)).toMatchObject({ payout: "claim" });
  });

  it("is queued by the scheduler once per published draw", async () => {
    const draw = await publishedDraw();
    const now = new Date();
    await scheduleWalletJobs(api.database.db, now);
    await scheduleWalletJobs(api.database.db, now);
    const queued = await api.database.db
      .select({ id: jobs.id, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.key, `${PAY_PRIZES_JOB}:${draw.id}`));
    expect(queued).toEqual([{ id: expect.any(Number), payload: { drawId: draw.id } }]);
    // The withdrawals' sweep is queued once an hour, however many rounds run in it.
    const sweeps = await api.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.key, `${SUBMIT_WITHDRAWALS_JOB}:${now.toISOString().slice(0, 13)}`));
    expect(sweeps).toHaveLength(1);
  });
});

/** A valid Dutch IBAN no other test player has (IBANs are unique per player). */
function uniqueIban(): string {
  const account = String(Math.floor(Math.random() * 1e10)).padStart(10, "0");
  const bban = `ABNA${account}`;
  // Check digits: 98 minus the remainder of BBAN + "NL00" (letters as numbers) modulo 97.
  const numeric = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const remainder = [...numeric].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);
  return `NL${String(98 - remainder).padStart(2, "0")}${bban}`;
}

describe("withdrawals to the bank", () => {
  it("hands a withdrawal to the bank as a transfer once; sent, or refused and refunded into the wallet", async () => {
    const { db } = api.database;
    const directDebit = createDirectDebit({ db, logger, callbackTimeoutMs: 5_000 });
    const app = express();
    app.use(directDebit.routes);
    const bank = await listenLocally(app);
    try {
      const handlers = walletJobHandlers({
        db,
        logger,
        directDebit: directDebit.provider,
        now: () => new Date(),
      });
      const submit = () =>
        handlers[SUBMIT_WITHDRAWALS_JOB]?.({}, { logger, signal: new AbortController().signal } as never);
      const playerId = await newPlayer(uniqueIban());
      await db.transaction((tx) =>
        postWalletMovement(tx, {
          key: `deposit:${randomUUID()}`,
          kind: "deposit",
          playerId,
          walletCents: 5_000,
          description: "test",
        }),
      );
      const sent = await withdraw(
        { db, logger },
        { playerId, transactionId: randomUUID(), amountCents: 2_000 },
      );
      const refused = await withdraw(
        { db, logger },
        { playerId, transactionId: randomUUID(), amountCents: 1_000 },
      );
      expect(sent.balanceInCents).toBe(3_000);
      expect(refused.balanceInCents).toBe(2_000);

      await submit();
      await submit();
      const rows = await db.select().from(withdrawals).where(eq(withdrawals.playerId, playerId));
      expect(rows.map((row) => row.status)).toEqual(["submitted", "submitted"]);
      const listed = (await (
        await fetch(`${bank.url}/betaalsimulator/incasso`, { headers: { accept: "application/json" } })
      ).json()) as { debits: Array<{ debitId: string; reference: string; status: string }> };
      const transfers = listed.debits.filter((debit) =>
        rows.some((row) => `withdrawal:${row.id}` === debit.reference),
      );
      expect(transfers).toHaveLength(2);

      const decide = (payoutId: string | null, action: "approve" | "fail") =>
        fetch(`${bank.url}/betaalsimulator/incasso/${payoutId}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ action }),
        });
      const sentRow = rows.find((row) => row.amountCents === 2_000);
      const refusedRow = rows.find((row) => row.amountCents === 1_000);
      expect((await decide(sentRow?.payoutId ?? null, "approve")).status).toBe(200);
      expect((await decide(refusedRow?.payoutId ?? null, "fail")).status).toBe(200);
      // A refused transfer is final at the bank: it cannot be paid after all.
      expect((await decide(refusedRow?.payoutId ?? null, "approve")).status).toBe(409);

      const after = await db.select().from(withdrawals).where(eq(withdrawals.playerId, playerId));
      expect(after.find((row) => row.id === sentRow?.id)?.status).toBe("sent");
      expect(after.find((row) => row.id === refusedRow?.id)?.status).toBe("returned");
      expect(await walletBalance(db, playerId)).toBe(3_000);
      const refunds = await db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.playerId, playerId), eq(ledgerTransactions.kind, "refund")));
      expect(refunds.map((refund) => refund.idempotencyKey)).toEqual([`refund:withdrawal:${refusedRow?.id}`]);
    } finally {
      await bank.close();
    }
  });
});

type Operation =
  | { kind: "deposit" | "prize"; cents: number }
  | { kind: "order" | "withdrawal"; cents: number };

const operation = fc.record({
  kind: fc.constantFrom("deposit", "prize", "order", "withdrawal") as fc.Arbitrary<Operation["kind"]>,
  cents: fc.integer({ min: 1, max: 5_000 }),
});

describe("the ledger (property)", () => {
  it("balances every transaction and never lets a balance go below zero, whatever the order of movements", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(operation, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          const playerId = await newPlayer(uniqueIban());
          let expected = 0;
          for (const batch of batches) {
            // The movements of a batch run at once (truly concurrent on PostgreSQL).
            const outcomes = await Promise.all(batch.map((op) => apply(playerId, op)));
            for (const [index, ok] of outcomes.entries()) {
              const op = batch[index] as Operation;
              if (ok) expected += op.kind === "deposit" || op.kind === "prize" ? op.cents : -op.cents;
            }
            const balance = await walletBalance(api.database.db, playerId);
            expect(balance).toBe(expected);
            expect(balance).toBeGreaterThanOrEqual(0);
          }
          const unbalanced = await api.database.db
            .select({ id: ledgerEntries.transactionId })
            .from(ledgerEntries)
            .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
            .where(eq(ledgerTransactions.playerId, playerId))
            .groupBy(ledgerEntries.transactionId)
            .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
          expect(unbalanced).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });
});

/** Applies one movement; answers whether it was posted (a debit the balance does not cover is refused). */
async function apply(playerId: string, op: Operation): Promise<boolean> {
  const { db } = api.database;
  if (op.kind === "withdrawal") {
    try {
      await withdraw({ db, logger }, { playerId, transactionId: randomUUID(), amountCents: op.cents });
      return true;
    } catch (error) {
      if (error instanceof WalletError && error.code === "InsufficientBalanceError") return false;
      throw error;
    }
  }
  try {
    await db.transaction((tx) =>
      postWalletMovement(tx, {
        key: `${op.kind}:${randomUUID()}`,
        kind: op.kind,
        playerId,
        walletCents: op.kind === "order" ? -op.cents : op.cents,
        description: "property test",
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === "InsufficientBalanceError") return false;
    throw error;
  }
}
