import { randomBytes, randomInt } from "node:crypto";
import { eq, inArray, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  draws,
  gameDraws,
  gameEntries,
  outboxEmails,
  rateLimits,
  retailTickets,
  tickets,
} from "@/src/backend/db/schema";
import { DRAW_GAMES_JOB, gameJobHandlers } from "@/src/backend/jobs/game-jobs.server";
import type { JobContext } from "@/src/backend/jobs/worker.server";
import {
  drawGame,
  gameLinks,
  linksCsv,
  replayDraw,
  signGameLink,
} from "@/src/backend/slices/games-of-chance/games.server";
import type { EntryResult, GameInfo } from "@/src/contract/games-of-chance";
import { OPT_INS } from "@/src/domain/promotions/opt-ins";
import { TICKET_LETTERS } from "@/src/domain/tickets/ticket-letters";
import { gameMessages, shopCodes } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness, TEST_GAME_PAGES } from "@/tests/support/api-harness";
import { logInThroughApi } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Promotional games of chance (issue 19) over HTTP against a real database: the game's rules and opt-ins,
 * every way to enter with the tickets a player has, partial results per ticket, no ticket entered twice
 * (also under concurrent requests), the maximum per player, the reCAPTCHA on typed numbers and barcodes,
 * signed links, and the draw that an audit can repeat from its seed.
 */

let api: ApiHarness;
const PASSWORD = "Winactie-2026!";
const CONDITIONS = OPT_INS.find((optIn) => optIn.id === "actievoorwaarden")!;
const REQUIRED = [{ id: CONDITIONS.id, text: CONDITIONS.text }];

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.database.db.delete(rateLimits).where(like(rateLimits.key, "%promotionalgamesofchance%"));
});

type Client = ReturnType<typeof cookieClient>;
type Player = { client: Client; token: string; playerId: string; email: string };

async function newPlayer(): Promise<Player> {
  const email = `winactie-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Eva",
    lastName: "de Tester",
    birthDate: "1990-04-27",
    street: "Dorpsstraat",
    houseNumber: 1,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, { email, password: PASSWORD }), playerId: id, email };
}

/** A fresh ticket number: two letters and five digits. */
function ticketNumber(): string {
  const letter = () => TICKET_LETTERS[randomInt(TICKET_LETTERS.length)];
  return `${letter()}${letter()}${String(randomInt(100_000)).padStart(5, "0")}`;
}

/** A ticket of the player (or nobody's: a shop ticket) in the first classic draw. */
async function ticketOf(playerId: string | null, productType = "SingleTicket") {
  const [draw] = await api.database.db.select().from(draws).where(eq(draws.gameType, "KROON")).limit(1);
  const [ticket] = await api.database.db
    .insert(tickets)
    .values({
      drawId: draw!.id,
      number: ticketNumber(),
      playerId,
      productType,
      fraction: "WHOLE",
      withXl: false,
      multiplier: 1,
      purchaseType: playerId ? "Online" : "Retail",
      groupIndex: 0,
    })
    .returning();
  return ticket!;
}

async function post(player: Player, path: string, body: unknown) {
  return player.client.postJson(`/api/promotionalgamesofchance/win-een-auto${path}`, body, player.token);
}

async function localToken(client: Client): Promise<string> {
  return ((await (await client.request("/api/recaptcha/local-token")).json()) as { token: string }).token;
}

describe("the game (GET opt-ins)", () => {
  it("gives the rules, the ways to enter and the opt-ins with their fixed texts, the required one marked", async () => {
    const response = await fetch(`${api.url}/api/promotionalgamesofchance/win-een-auto/opt-ins`);
    expect(response.status).toBe(200);
    const game = (await response.json()) as GameInfo;
    expect(game).toMatchObject({ state: "open", maxParticipations: 3, winners: [] });
    expect(game.optIns).toEqual([
      { ...OPT_INS[0], required: false },
      { ...CONDITIONS, required: true },
    ]);
    expect((await fetch(`${api.url}/api/promotionalgamesofchance/bestaat-niet/opt-ins`)).status).toBe(404);
  });
});

describe("entering online tickets (GET and POST subscribe/online)", () => {
  it("lists the player's eligible tickets and enters the chosen ones with the opt-ins shown", async () => {
    const player = await newPlayer();
    const [first, second] = [await ticketOf(player.playerId), await ticketOf(player.playerId)];
    const list = await player.client.request("/api/promotionalgamesofchance/win-een-auto/subscribe/online");
    const listed = (await list.json()) as { tickets: { ticketId: string; entered: boolean }[] };
    expect(listed.tickets.map((ticket) => ticket.ticketId)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    const response = await post(player, "/subscribe/online", {
      ticketIds: [first.id, second.id],
      optIns: REQUIRED,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const result = (await response.json()) as EntryResult;
    expect(result.entered.map((entry) => entry.ticketNumber).sort()).toEqual(
      [first.number, second.number].sort(),
    );
    expect(result).toMatchObject({ failed: [], participations: 2, maxParticipations: 3 });
    const stored = await api.database.db
      .select()
      .from(gameEntries)
      .where(eq(gameEntries.playerId, player.playerId));
    expect(stored[0]?.optIns).toEqual([CONDITIONS]);
  });

  it("refuses without the required opt-in, or with a changed text, and enters nothing", async () => {
    const player = await newPlayer();
    const ticket = await ticketOf(player.playerId);
    const missing = await post(player, "/subscribe/online", { ticketIds: [ticket.id], optIns: [] });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ errors: { optIns: [gameMessages.optInRequired] } });
    const forged = await post(player, "/subscribe/online", {
      ticketIds: [ticket.id],
      optIns: [{ id: CONDITIONS.id, text: "Ik ga nergens mee akkoord" }],
    });
    expect(await forged.json()).toMatchObject({ errors: { optIns: [gameMessages.optInChanged] } });
    expect(
      await api.database.db.select().from(gameEntries).where(eq(gameEntries.playerId, player.playerId)),
    ).toEqual([]);
  });

  it("reports each ticket: a duplicate and another player's fail, the rest enter; all failing is DuplicateTicketError", async () => {
    const player = await newPlayer();
    const mine = await ticketOf(player.playerId);
    const other = await ticketOf((await newPlayer()).playerId);
    await post(player, "/subscribe/online", { ticketIds: [mine.id], optIns: REQUIRED });
    const fresh = await ticketOf(player.playerId);
    const response = await post(player, "/subscribe/online", {
      ticketIds: [mine.id, fresh.id, other.id],
      optIns: REQUIRED,
    });
    const result = (await response.json()) as EntryResult;
    expect(result.entered).toEqual([{ ticketNumber: fresh.number }]);
    expect(result.failed).toEqual(
      expect.arrayContaining([
        { ticketNumber: mine.number, code: "DuplicateTicketError", reason: shopCodes.DuplicateTicketError },
        expect.objectContaining({ reason: gameMessages.notYours }),
      ]),
    );
    const again = await post(player, "/subscribe/online", { ticketIds: [mine.id], optIns: REQUIRED });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({
      code: "DuplicateTicketError",
      errors: { [`tickets.${mine.number}`]: [shopCodes.DuplicateTicketError] },
    });
  });

  it("enters at most the maximum per player, also when requests run at once", async () => {
    const player = await newPlayer();
    const own = [];
    for (let index = 0; index < 5; index++) own.push(await ticketOf(player.playerId));
    const answers = await Promise.all(
      own.map((ticket) => post(player, "/subscribe/online", { ticketIds: [ticket.id], optIns: REQUIRED })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.find((answer) => answer.status === 422)!;
    expect(await refused.json()).toMatchObject({ code: "MaximumNumberOfParticipationsReachedError" });
    expect(
      await api.database.db.select().from(gameEntries).where(eq(gameEntries.playerId, player.playerId)),
    ).toHaveLength(3);
  });

  it("enters the same ticket once when two requests send it at the same moment", async () => {
    const player = await newPlayer();
    const ticket = await ticketOf(player.playerId);
    const answers = await Promise.all([
      post(player, "/subscribe/online", { ticketIds: [ticket.id], optIns: REQUIRED }),
      post(player, "/subscribe/online", { ticketIds: [ticket.id], optIns: REQUIRED }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(
      await api.database.db.select().from(gameEntries).where(eq(gameEntries.ticketId, ticket.id)),
    ).toHaveLength(1);
  });
});

describe("entering typed numbers and a shop ticket (POST subscribe/manual and /retail)", () => {
  it("needs the reCAPTCHA, then enters the player's typed numbers and reports the others", async () => {
    const player = await newPlayer();
    const ticket = await ticketOf(player.playerId);
    const body = {
      ticketNumbers: [` ${ticket.number.toLowerCase()} `, "AB1234", "ZZ99999"],
      optIns: REQUIRED,
    };
    const without = await post(player, "/subscribe/manual", body);
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ code: "RecaptchaNotValidError" });
    const response = await post(player, "/subscribe/manual", {
      ...body,
      gRecaptchaResponse: await localToken(player.client),
    });
    const result = (await response.json()) as EntryResult;
    expect(result.entered).toEqual([{ ticketNumber: ticket.number }]);
    expect(result.failed).toEqual([
      { ticketNumber: "AB1234", code: "Invalid", reason: "Not a valid ticket number" },
      { ticketNumber: "ZZ99999", code: "Invalid", reason: gameMessages.notYours },
    ]);
  });

  it("enters a shop ticket by its barcode with the reCAPTCHA; one linked to another player is not theirs", async () => {
    const player = await newPlayer();
    const shopTicket = await ticketOf(null);
    const barcode = `99${randomBytes(5).readUIntBE(0, 5)}`.slice(0, 13).padEnd(13, "7");
    await api.database.db.insert(retailTickets).values({ barcode, ticketId: shopTicket.id });
    const response = await post(player, "/subscribe/retail", {
      barcode,
      optIns: REQUIRED,
      gRecaptchaResponse: await localToken(player.client),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as EntryResult).entered).toEqual([{ ticketNumber: shopTicket.number }]);
    const unknown = await post(player, "/subscribe/retail", {
      barcode: "0000000000000",
      optIns: REQUIRED,
      gRecaptchaResponse: await localToken(player.client),
    });
    expect(await unknown.json()).toMatchObject({
      errors: { "tickets.0000000000000": [gameMessages.unknownBarcode] },
    });
  });
});

describe("entering by a personal link (GET and POST subscribe/link)", () => {
  it("shows what a signed link enters and enters it with one click; a tampered or expired link is refused", async () => {
    const player = await newPlayer();
    const ticket = await ticketOf(player.playerId);
    const data = signGameLink(
      api.services.config.sessionSecret,
      { pageId: "win-een-auto", playerId: player.playerId, ticketIds: [ticket.id] },
      new Date(),
    );
    const visitor = cookieClient(api.url);
    const preview = await visitor.request(
      `/api/promotionalgamesofchance/win-een-auto/subscribe/link?data=${encodeURIComponent(data)}`,
    );
    expect(await preview.json()).toMatchObject({
      firstName: "Eva",
      tickets: [{ ticketNumber: ticket.number, entered: false }],
    });
    const entered = await visitor.postJson(
      "/api/promotionalgamesofchance/win-een-auto/subscribe/link",
      { data, optIns: REQUIRED },
      await visitor.token(),
    );
    expect(entered.status, await entered.clone().text()).toBe(200);
    const tampered = `${data.slice(0, -2)}xx`;
    const refused = await visitor.request(
      `/api/promotionalgamesofchance/win-een-auto/subscribe/link?data=${encodeURIComponent(tampered)}`,
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { data: [gameMessages.linkInvalid] } });
    const old = signGameLink(
      api.services.config.sessionSecret,
      { pageId: "win-een-auto", playerId: player.playerId, ticketIds: [ticket.id] },
      new Date(Date.now() - 31 * 86_400_000),
    );
    const expired = await visitor.request(
      `/api/promotionalgamesofchance/win-een-auto/subscribe/link?data=${encodeURIComponent(old)}`,
    );
    expect(await expired.json()).toMatchObject({ errors: { data: [gameMessages.linkExpired] } });
  });
});

describe("one click (POST subscribe) and games not running", () => {
  it("enters a player once; the second time is UserAlreadyParticipatedError", async () => {
    const player = await newPlayer();
    expect((await post(player, "/subscribe", { optIns: REQUIRED })).status).toBe(200);
    const again = await post(player, "/subscribe", { optIns: REQUIRED });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "UserAlreadyParticipatedError" });
  });

  it("refuses a game not started (ActionNotActiveError) and one that ended (ActionExpiredError)", async () => {
    const player = await newPlayer();
    const early = await player.client.postJson(
      "/api/promotionalgamesofchance/nog-niet-begonnen/subscribe",
      { optIns: [] },
      player.token,
    );
    expect(await early.json()).toMatchObject({ code: "ActionNotActiveError" });
    const late = await player.client.postJson(
      "/api/promotionalgamesofchance/afgelopen-winactie/subscribe",
      { optIns: [] },
      player.token,
    );
    expect(await late.json()).toMatchObject({ code: "ActionExpiredError" });
  });
});

describe("the game's draw", () => {
  it("picks winners only from the game's entries, stores its seed, and an audit repeats it", async () => {
    const page = TEST_GAME_PAGES.find((game) => game.pageId === "afgelopen-winactie")!;
    const entrants = [await newPlayer(), await newPlayer(), await newPlayer()];
    for (const entrant of entrants) {
      await api.database.db.insert(gameEntries).values({
        pageId: page.pageId,
        playerId: entrant.playerId,
        method: "subscribe",
        optIns: [],
      });
    }
    // An entry of another game is never drawn.
    await api.database.db
      .insert(gameEntries)
      .values({
        pageId: "win-een-auto",
        playerId: entrants[0]!.playerId,
        method: "subscribe",
        optIns: [],
      })
      .onConflictDoNothing();
    const drawn = await drawGame(api.database.db, page, new Date(), "audit-seed-1");
    expect(drawn.seed).toBe("audit-seed-1");
    expect(drawn.winners).toHaveLength(2);
    const valid = await api.database.db
      .select({ id: gameEntries.id })
      .from(gameEntries)
      .where(eq(gameEntries.pageId, page.pageId));
    for (const winner of drawn.winners) expect(valid.map((entry) => entry.id)).toContain(winner.entryId);
    const replay = await replayDraw(api.database.db, page);
    expect(replay?.replayed).toEqual(replay?.stored);
    // Drawn once: a second draw answers the stored one.
    expect((await drawGame(api.database.db, page, new Date(), "another-seed")).seed).toBe("audit-seed-1");
    // Each winner is e-mailed once (the second draw wrote nothing), the other entrant not at all.
    const mails = await api.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "game-winner"));
    const winning = await api.database.db
      .select({ playerId: gameEntries.playerId })
      .from(gameEntries)
      .where(
        inArray(
          gameEntries.id,
          drawn.winners.map((winner) => winner.entryId),
        ),
      );
    for (const entrant of entrants) {
      const own = mails.filter((mail) => mail.playerId === entrant.playerId);
      if (!winning.some((row) => row.playerId === entrant.playerId)) {
        expect(own).toEqual([]);
        continue;
      }
      expect(own).toHaveLength(1);
      expect(own[0]?.recipient).toBe(entrant.email);
      expect(own[0]?.data).toEqual({
        firstName: "Eva",
        gameTitle: page.title,
        prize: page.prizeText,
        ticketNumber: null,
      });
    }
    const info = (await (
      await fetch(`${api.url}/api/promotionalgamesofchance/afgelopen-winactie/opt-ins`)
    ).json()) as GameInfo;
    expect(info.winners).toEqual([
      { place: 1, ticketNumber: null, name: "Eva T." },
      { place: 2, ticketNumber: null, name: "Eva T." },
    ]);
  });
});

describe("the draw job (draw-ended-games)", () => {
  it("draws a game once it has ended, once, and leaves running games alone", async () => {
    const suffix = randomBytes(3).toString("hex");
    const ended = { ...TEST_GAME_PAGES[1]!, pageId: `job-over-${suffix}`, numberOfPrizes: 1 };
    const running = { ...TEST_GAME_PAGES[0]!, pageId: `job-running-${suffix}` };
    const entrant = await newPlayer();
    for (const page of [ended, running]) {
      await api.database.db
        .insert(gameEntries)
        .values({ pageId: page.pageId, playerId: entrant.playerId, method: "subscribe", optIns: [] });
    }
    const handlers = gameJobHandlers({
      db: api.database.db,
      now: () => new Date(),
      games: async () => [ended, running],
    });
    const run = () =>
      handlers[DRAW_GAMES_JOB]!({}, { logger: pino({ level: "silent" }) } as unknown as JobContext);
    await run();
    const [drawn] = await api.database.db.select().from(gameDraws).where(eq(gameDraws.pageId, ended.pageId));
    expect(drawn?.winners).toHaveLength(1);
    await run();
    const again = await api.database.db.select().from(gameDraws).where(eq(gameDraws.pageId, ended.pageId));
    expect(again).toEqual([drawn]);
    expect(
      await api.database.db.select().from(gameDraws).where(eq(gameDraws.pageId, running.pageId)),
    ).toEqual([]);
  });
});

describe("the personal links of a mailing (npm run games:links)", () => {
  it("gives every player with tickets that count one link that enters them, as CSV for the mailing house", async () => {
    const player = await newPlayer();
    const [first, second] = [await ticketOf(player.playerId), await ticketOf(player.playerId)];
    const page = TEST_GAME_PAGES[0]!;
    const links = await gameLinks(api.database.db, page, {
      secret: api.services.config.sessionSecret,
      shopUrl: "https://www.kroonloterij.example/",
      now: new Date(),
    });
    const own = links.filter((row) => row.email === player.email);
    expect(own).toHaveLength(1);
    expect(own[0]!.link).toMatch(
      /^https:\/\/www\.kroonloterij\.example\/winactie\/win-een-auto\/link\?data=/,
    );
    const data = new URL(own[0]!.link).searchParams.get("data")!;
    const response = await cookieClient(api.url).request(
      `/api/promotionalgamesofchance/win-een-auto/subscribe/link?data=${encodeURIComponent(data)}`,
    );
    const preview = (await response.json()) as { tickets: { ticketNumber: string }[] };
    expect(preview.tickets.map((ticket) => ticket.ticketNumber).sort()).toEqual(
      [first.number, second.number].sort(),
    );
    const csv = linksCsv(own).split("\r\n");
    expect(csv[0]).toBe("email;voornaam;link");
    expect(csv[1]).toBe(`${player.email};Eva;${own[0]!.link}`);
  });
});
