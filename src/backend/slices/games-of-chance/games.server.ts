import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gte, inArray, lte, ne, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { draws, gameDraws, gameEntries, players, retailTickets, tickets } from "@/src/backend/db/schema";
import type { EntryResult, GameInfo } from "@/src/contract/games-of-chance";
import { DomainError } from "@/src/domain/domain-error";
import { drawWinners } from "@/src/domain/games-of-chance/draw-winners";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { gameLinkPath } from "@/src/domain/games-of-chance/game-paths";
import {
  gameState,
  isEligible,
  maskedName,
  planEntries,
  readTicketNumber,
} from "@/src/domain/games-of-chance/game-rules";
import { checkChosenOptIns, type OptIn, optInById } from "@/src/domain/promotions/opt-ins";
import { gameMessages, shopCodes } from "@/src/lib/messages";

/**
 * Promotional games of chance (issue 19): players enter with the tickets they have (online and
 * subscription tickets, typed numbers, a shop ticket's barcode, a personal link) or with one click. Each
 * ticket enters a game once (a unique key on page and ticket, so concurrent requests cannot enter it twice),
 * each player at most the game's maximum (counted under the player's row lock), always with the opt-ins as
 * shown. After the game ends its draw picks the winners with a recorded seed.
 */

export type GameErrorCode =
  | "NotFound"
  | "Invalid"
  | "ActionNotActiveError"
  | "ActionExpiredError"
  | "DuplicateTicketError"
  | "MaximumNumberOfParticipationsReachedError"
  | "UserAlreadyParticipatedError";

export class GameError extends DomainError<GameErrorCode> {
  constructor(
    code: GameErrorCode,
    errors?: Record<string, string[]>,
    /** When some tickets were tried: what entered (nothing) and what failed, per ticket. */
    readonly result?: EntryResult,
  ) {
    super(code, errors);
    this.name = "GameError";
  }
}

type TicketRow = typeof tickets.$inferSelect;
/** A ticket a player asks to enter: found and counting, or failed with the reason. */
export type Candidate = { key: string; ticket?: TicketRow & { drawAt: Date }; failure?: string };
type Failure = EntryResult["failed"][number];

function requirePage(page: GamePage | undefined): GamePage {
  if (!page) throw new GameError("NotFound");
  return page;
}

function requireOpen(page: GamePage, now: Date): void {
  const state = gameState(page, now);
  if (state === "notStarted")
    throw new GameError("ActionNotActiveError", { game: [gameMessages.notStarted] });
  if (state === "ended") throw new GameError("ActionExpiredError", { game: [gameMessages.ended] });
}

/** The opt-ins chosen, with the fixed texts the page showed; every required one must be among them. */
function checkOptIns(page: GamePage, chosen: readonly { id: string; text: string }[]): OptIn[] {
  const checked = checkChosenOptIns(page.optIns, chosen);
  if (!checked.ok) throw new GameError("Invalid", { optIns: [gameMessages.optInChanged] });
  const missing = page.requiredOptIns.filter((id) => !checked.optIns.some((optIn) => optIn.id === id));
  if (missing.length > 0) throw new GameError("Invalid", { optIns: [gameMessages.optInRequired] });
  return checked.optIns;
}

/** The game as the page shows it (GET opt-ins): rules, opt-ins with their texts, and the winners once drawn. */
export async function gameInfo(db: Db, pageOrNone: GamePage | undefined, now: Date): Promise<GameInfo> {
  const page = requirePage(pageOrNone);
  const [drawn] = await db.select().from(gameDraws).where(eq(gameDraws.pageId, page.pageId));
  return {
    pageId: page.pageId,
    title: page.title,
    prizeText: page.prizeText,
    state: gameState(page, now),
    startsAt: page.startsAt.toISOString(),
    endsAt: page.endsAt.toISOString(),
    maxParticipations: page.maxParticipations,
    entryMethods: [...page.entryMethods],
    optIns: page.optIns.flatMap((id) => {
      const optIn = optInById(id);
      return optIn
        ? [{ id, version: optIn.version, text: optIn.text, required: page.requiredOptIns.includes(id) }]
        : [];
    }),
    winners: (drawn?.winners ?? []).map(({ ticketNumber, name }, index) => ({
      place: index + 1,
      ticketNumber,
      name,
    })),
  };
}

async function ticketsWithDraws(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ ticket: tickets, drawAt: draws.drawAt, drawName: draws.name })
    .from(tickets)
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .where(where);
}

/** The player's online and subscription tickets that count for the game (GET subscribe/online). */
export async function onlineTickets(db: Db, pageOrNone: GamePage | undefined, playerId: string) {
  const page = requirePage(pageOrNone);
  const rows = await ticketsWithDraws(db, eq(tickets.playerId, playerId));
  const eligible = rows.filter(
    ({ ticket, drawAt }) =>
      ticket.purchaseType !== "Retail" && isEligible(page.rule, { drawAt, productType: ticket.productType }),
  );
  const entered = await enteredTicketIds(
    db,
    page.pageId,
    eligible.map(({ ticket }) => ticket.id),
  );
  return {
    tickets: eligible
      .sort(
        (a, b) => a.drawAt.getTime() - b.drawAt.getTime() || a.ticket.number.localeCompare(b.ticket.number),
      )
      .map(({ ticket, drawAt, drawName }) => ({
        ticketId: ticket.id,
        ticketNumber: ticket.number,
        drawName,
        drawDate: drawAt.toISOString(),
        purchaseType: ticket.purchaseType,
        entered: entered.has(ticket.id),
      })),
    participations: await participationsOf(db, page.pageId, playerId),
    maxParticipations: page.maxParticipations,
  };
}

async function enteredTicketIds(
  db: Db | Tx,
  pageId: string,
  ticketIds: readonly string[],
): Promise<Set<string>> {
  if (ticketIds.length === 0) return new Set();
  const rows = await db
    .select({ ticketId: gameEntries.ticketId })
    .from(gameEntries)
    .where(and(eq(gameEntries.pageId, pageId), inArray(gameEntries.ticketId, [...ticketIds])));
  return new Set(rows.flatMap((row) => (row.ticketId ? [row.ticketId] : [])));
}

async function participationsOf(db: Db | Tx, pageId: string, playerId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(gameEntries)
    .where(and(eq(gameEntries.pageId, pageId), eq(gameEntries.playerId, playerId)));
  return row?.total ?? 0;
}

/** A candidate of the player's own tickets: eligible, or failed with the reason. */
function candidateOf(
  page: GamePage,
  key: string,
  row: { ticket: TicketRow; drawAt: Date } | undefined,
): Candidate {
  if (!row) return { key, failure: gameMessages.notYours };
  if (!isEligible(page.rule, { drawAt: row.drawAt, productType: row.ticket.productType })) {
    return { key, failure: gameMessages.notEligible };
  }
  return { key, ticket: { ...row.ticket, drawAt: row.drawAt } };
}

/** The chosen online tickets (POST subscribe/online): each must be the player's own. */
export async function onlineCandidates(
  db: Db,
  page: GamePage,
  playerId: string,
  ticketIds: readonly string[],
) {
  const rows = await ticketsWithDraws(db, inArray(tickets.id, [...new Set(ticketIds)]));
  const byId = new Map(
    rows.filter(({ ticket }) => ticket.playerId === playerId).map((row) => [row.ticket.id, row]),
  );
  return ticketIds.map((id) => {
    const row = byId.get(id);
    return candidateOf(page, row?.ticket.number ?? id, row);
  });
}

/**
 * Typed ticket numbers (POST subscribe/manual): each must be a ticket number (spec section 5) of one of the
 * player's tickets that counts for the game (of several draws with that number, the latest that counts).
 */
export async function manualCandidates(db: Db, page: GamePage, playerId: string, typed: readonly string[]) {
  const numbers = typed.map((value) => ({ value, number: readTicketNumber(value) }));
  const valid = [...new Set(numbers.flatMap(({ number }) => (number ? [number] : [])))];
  const rows =
    valid.length === 0
      ? []
      : await ticketsWithDraws(db, and(eq(tickets.playerId, playerId), inArray(tickets.number, valid)));
  return numbers.map(({ value, number }): Candidate => {
    if (!number) return { key: value.trim().slice(0, 20), failure: gameMessages.invalidNumber };
    const own = rows.filter(({ ticket }) => ticket.number === number);
    const counting = own
      .filter(({ ticket, drawAt }) => isEligible(page.rule, { drawAt, productType: ticket.productType }))
      .sort((a, b) => b.drawAt.getTime() - a.drawAt.getTime());
    if (counting[0]) return candidateOf(page, number, counting[0]);
    return { key: number, failure: own.length > 0 ? gameMessages.notEligible : gameMessages.notYours };
  });
}

/** A shop ticket by its barcode (POST subscribe/retail): one no other player linked to their account. */
export async function retailCandidate(
  db: Db,
  page: GamePage,
  playerId: string,
  barcode: string,
): Promise<Candidate> {
  const code = barcode.replace(/\s+/g, "");
  const [row] = await db
    .select({ ticket: tickets, drawAt: draws.drawAt })
    .from(retailTickets)
    .innerJoin(tickets, eq(tickets.id, retailTickets.ticketId))
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .where(eq(retailTickets.barcode, code));
  if (!row) return { key: code.slice(0, 40), failure: gameMessages.unknownBarcode };
  if (row.ticket.playerId && row.ticket.playerId !== playerId)
    return { key: row.ticket.number, failure: gameMessages.notYours };
  return candidateOf(page, row.ticket.number, row);
}

/**
 * Enters the candidates for the player (every way to enter ends here): the game must be open and the
 * required opt-ins ticked. Under the player's row lock the participations left are counted; each ticket is
 * entered under the unique key of page and ticket, so one entered meanwhile (another request, another
 * player's shop ticket) is a duplicate. Answers what entered and what failed; when nothing entered, the
 * refusal carries the same lists.
 */
export async function enterTickets(
  db: Db,
  request: {
    page: GamePage | undefined;
    playerId: string;
    method: "online" | "manual" | "retail" | "link";
    candidates: (page: GamePage) => Promise<Candidate[]>;
    optIns: readonly { id: string; text: string }[];
  },
  now: Date,
): Promise<EntryResult> {
  const page = requirePage(request.page);
  if (!page.entryMethods.includes(request.method)) throw new GameError("NotFound");
  requireOpen(page, now);
  const optIns = checkOptIns(page, request.optIns);
  const candidates = await request.candidates(page);
  const failed: Failure[] = candidates.flatMap((candidate) =>
    candidate.failure ? [{ ticketNumber: candidate.key, code: "Invalid", reason: candidate.failure }] : [],
  );
  const usable = candidates.filter((candidate) => candidate.ticket);
  const outcome = await db.transaction(async (tx) => {
    await tx.select({ id: players.id }).from(players).where(eq(players.id, request.playerId)).for("update");
    const taken = await participationsOf(tx, page.pageId, request.playerId);
    const ids = usable.map((candidate) => candidate.ticket!.id);
    const already = await enteredTicketIds(tx, page.pageId, ids);
    const plan = planEntries(ids, already, Math.max(0, page.maxParticipations - taken));
    const byId = new Map(usable.map((candidate) => [candidate.ticket!.id, candidate]));
    const entered: EntryResult["entered"] = [];
    const refused: Failure[] = plan.refused.map(({ key, reason }) => failureOf(byId.get(key)!.key, reason));
    for (const id of plan.tryKeys) {
      const candidate = byId.get(id)!;
      const [row] = await tx
        .insert(gameEntries)
        .values({
          pageId: page.pageId,
          playerId: request.playerId,
          ticketId: id,
          ticketNumber: candidate.ticket!.number,
          drawId: candidate.ticket!.drawId,
          method: request.method,
          optIns,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: gameEntries.id });
      if (row) entered.push({ ticketNumber: candidate.ticket!.number });
      else refused.push(failureOf(candidate.key, "duplicate"));
    }
    return { entered, refused, participations: taken + entered.length };
  });
  const result: EntryResult = {
    entered: outcome.entered,
    failed: [...failed, ...outcome.refused],
    participations: outcome.participations,
    maxParticipations: page.maxParticipations,
  };
  if (result.entered.length === 0) {
    const codes = new Set(result.failed.map((failure) => failure.code));
    const code =
      codes.size === 1 && !codes.has("Invalid") ? ([...codes][0] as GameErrorCode) : ("Invalid" as const);
    const errors = Object.fromEntries(
      result.failed.map((failure) => [`tickets.${failure.ticketNumber}`, [failure.reason]]),
    );
    throw new GameError(code, errors, result);
  }
  return result;
}

function failureOf(ticketNumber: string, reason: "duplicate" | "maximum"): Failure {
  return reason === "duplicate"
    ? { ticketNumber, code: "DuplicateTicketError", reason: shopCodes.DuplicateTicketError }
    : {
        ticketNumber,
        code: "MaximumNumberOfParticipationsReachedError",
        reason: shopCodes.MaximumNumberOfParticipationsReachedError,
      };
}

/** One click (POST subscribe): one participation per player, without a ticket. */
export async function subscribeOnce(
  db: Db,
  request: { page: GamePage | undefined; playerId: string; optIns: readonly { id: string; text: string }[] },
  now: Date,
): Promise<EntryResult> {
  const page = requirePage(request.page);
  if (!page.entryMethods.includes("subscribe")) throw new GameError("NotFound");
  requireOpen(page, now);
  const optIns = checkOptIns(page, request.optIns);
  const [row] = await db
    .insert(gameEntries)
    .values({ pageId: page.pageId, playerId: request.playerId, method: "subscribe", optIns, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: gameEntries.id });
  if (!row)
    throw new GameError("UserAlreadyParticipatedError", { game: [shopCodes.UserAlreadyParticipatedError] });
  return {
    entered: [{ ticketNumber: null }],
    failed: [],
    participations: await participationsOf(db, page.pageId, request.playerId),
    maxParticipations: page.maxParticipations,
  };
}

/** How long a personal link from an e-mail stays valid. */
export const LINK_DAYS = 30;

type LinkData = { pageId: string; playerId: string; ticketIds: string[]; expiresAt: number };

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`game-link:${payload}`).digest("base64url");
}

/** A personal link's `data`: the page, the player and the tickets, signed, valid for 30 days. */
export function signGameLink(secret: string, data: Omit<LinkData, "expiresAt">, now: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ ...data, expiresAt: now.getTime() + LINK_DAYS * 86_400_000 }),
  ).toString("base64url");
  return `${payload}.${signature(secret, payload)}`;
}

/** The link's data when its signature holds, it is for this page and it has not expired. */
export function readGameLinkData(secret: string, pageId: string, data: string, now: Date): LinkData {
  const [payload = "", signed = ""] = data.split(".");
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new GameError("Invalid", { data: [gameMessages.linkInvalid] });
  }
  let parsed: LinkData;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as LinkData;
  } catch {
    throw new GameError("Invalid", { data: [gameMessages.linkInvalid] });
  }
  if (parsed.pageId !== pageId) throw new GameError("Invalid", { data: [gameMessages.linkInvalid] });
  if (!(parsed.expiresAt > now.getTime()))
    throw new GameError("Invalid", { data: [gameMessages.linkExpired] });
  return parsed;
}

/** What a link enters (GET subscribe/link): the player's first name and the tickets, and which entered. */
export async function linkPreview(
  db: Db,
  page: GamePage | undefined,
  secret: string,
  data: string,
  now: Date,
) {
  const game = requirePage(page);
  const link = readGameLinkData(secret, game.pageId, data, now);
  const [player] = await db
    .select({ firstName: players.firstName })
    .from(players)
    .where(eq(players.id, link.playerId));
  if (!player) throw new GameError("Invalid", { data: [gameMessages.linkInvalid] });
  const rows = link.ticketIds.length
    ? await db.select().from(tickets).where(inArray(tickets.id, link.ticketIds))
    : [];
  const entered = await enteredTicketIds(db, game.pageId, link.ticketIds);
  return {
    firstName: player.firstName,
    tickets: rows
      .filter((ticket) => ticket.playerId === link.playerId)
      .map((ticket) => ({ ticketNumber: ticket.number, entered: entered.has(ticket.id) })),
    expiresAt: new Date(link.expiresAt).toISOString(),
  };
}

/**
 * The game's draw (`npm run games:draw`, and the job after a game ends): once the game has ended, the
 * winners are picked from its entries with a new random seed, stored with the seed and the number of
 * entries (so the draw can be repeated for an audit), and e-mailed (outbox). A game drawn before answers
 * its stored draw.
 */
export async function drawGame(
  db: Db,
  pageOrNone: GamePage | undefined,
  now: Date,
  seed: string = randomBytes(16).toString("hex"),
) {
  const page = requirePage(pageOrNone);
  if (gameState(page, now) !== "ended")
    throw new GameError("ActionNotActiveError", { game: [gameMessages.notEnded] });
  const [existing] = await db.select().from(gameDraws).where(eq(gameDraws.pageId, page.pageId));
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const entries = await tx
      .select({ entry: gameEntries, player: players })
      .from(gameEntries)
      .innerJoin(players, eq(players.id, gameEntries.playerId))
      .where(eq(gameEntries.pageId, page.pageId));
    const byId = new Map(entries.map((row) => [row.entry.id, row]));
    const picked = drawWinners([...byId.keys()], page.numberOfPrizes, seed);
    const winners = picked.map((entryId) => {
      const row = byId.get(entryId)!;
      return {
        entryId,
        ticketNumber: row.entry.ticketNumber,
        name: maskedName(row.player.firstName, row.player.lastName),
      };
    });
    const [stored] = await tx
      .insert(gameDraws)
      .values({ pageId: page.pageId, seed, entries: entries.length, winners, drawnAt: now })
      .onConflictDoNothing()
      .returning();
    if (!stored) {
      const [other] = await tx.select().from(gameDraws).where(eq(gameDraws.pageId, page.pageId));
      return other!;
    }
    for (const entryId of picked) {
      const { player, entry } = byId.get(entryId)!;
      await queueEmail(tx, {
        kind: "game-winner",
        recipient: player.email,
        playerId: player.id,
        data: {
          firstName: player.firstName,
          gameTitle: page.title,
          prize: page.prizeText,
          ticketNumber: entry.ticketNumber,
        },
      });
    }
    return stored;
  });
}

/** Repeats a stored draw from its seed over the same entries: the winners an audit should find. */
export async function replayDraw(
  db: Db,
  page: GamePage,
): Promise<{ stored: string[]; replayed: string[] } | undefined> {
  const [drawn] = await db.select().from(gameDraws).where(eq(gameDraws.pageId, page.pageId));
  if (!drawn) return undefined;
  const entries = await db
    .select({ id: gameEntries.id })
    .from(gameEntries)
    .where(eq(gameEntries.pageId, page.pageId));
  return {
    stored: drawn.winners.map((winner) => winner.entryId),
    replayed: drawWinners(
      entries.map((entry) => entry.id),
      page.numberOfPrizes,
      drawn.seed,
    ),
  };
}

/** A player a game's personal link goes to, with the tickets it enters. */
export type GameLinkTarget = { playerId: string; email: string; firstName: string; ticketIds: string[] };

/**
 * Who a game's personal links go to: every player with online or subscription tickets that count and have
 * not entered, each with up to the game's maximum of them.
 */
export async function gameLinkTargets(db: Db, page: GamePage): Promise<GameLinkTarget[]> {
  const rows = await db
    .select({ ticket: tickets, drawAt: draws.drawAt, player: players })
    .from(tickets)
    .innerJoin(draws, eq(draws.id, tickets.drawId))
    .innerJoin(players, eq(players.id, tickets.playerId))
    .where(
      and(
        ne(tickets.purchaseType, "Retail"),
        // Only draws around the rule's dates are read (a day either side for the Amsterdam offset);
        // isEligible decides on the exact dates.
        gte(draws.drawAt, new Date(Date.parse(page.rule.ticketsFrom) - 86_400_000)),
        lte(draws.drawAt, new Date(Date.parse(page.rule.ticketsUntil) + 2 * 86_400_000)),
      ),
    );
  const counting = rows.filter(({ ticket, drawAt }) =>
    isEligible(page.rule, { drawAt, productType: ticket.productType }),
  );
  const entered = await enteredTicketIds(
    db,
    page.pageId,
    counting.map(({ ticket }) => ticket.id),
  );
  const byPlayer = new Map<string, GameLinkTarget>();
  for (const { ticket, player } of counting) {
    if (entered.has(ticket.id)) continue;
    const target = byPlayer.get(player.id) ?? {
      playerId: player.id,
      email: player.email,
      firstName: player.firstName,
      ticketIds: [],
    };
    if (target.ticketIds.length < page.maxParticipations) target.ticketIds.push(ticket.id);
    byPlayer.set(player.id, target);
  }
  return [...byPlayer.values()];
}

/** The path of a target's personal link: it enters the target's tickets with one click, for LINK_DAYS. */
export function gameLinkPathFor(secret: string, page: GamePage, target: GameLinkTarget, now: Date): string {
  const { playerId, ticketIds } = target;
  return gameLinkPath(page.pageId, signGameLink(secret, { pageId: page.pageId, playerId, ticketIds }, now));
}

/**
 * The personal links of a game's mailing (`npm run games:links`), as CSV rows for the mailing house
 * (`email;voornaam;link`).
 */
export async function gameLinks(
  db: Db,
  page: GamePage,
  options: { secret: string; shopUrl: string; now: Date },
): Promise<{ email: string; firstName: string; link: string }[]> {
  const base = options.shopUrl.replace(/\/$/, "");
  return (await gameLinkTargets(db, page)).map((target) => ({
    email: target.email,
    firstName: target.firstName,
    link: `${base}${gameLinkPathFor(options.secret, page, target, options.now)}`,
  }));
}

/** The mailing house's CSV of personal links; a field that could start a spreadsheet formula is defused. */
export function linksCsv(rows: readonly { email: string; firstName: string; link: string }[]): string {
  const field = (value: string) => {
    const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
    return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = [
    "email;voornaam;link",
    ...rows.map((row) => [row.email, row.firstName, row.link].map(field).join(";")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
