import { randomBytes, randomInt } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communicationPreferences, draws, jobs, outboxEmails, tickets } from "@/src/backend/db/schema";
import { readGameLinkData } from "@/src/backend/slices/games-of-chance/games.server";
import { createPlayer } from "@/src/backend/slices/portal/handlers";
import type { GamePage } from "@/src/domain/games-of-chance/game-page";
import { TICKET_LETTERS } from "@/src/domain/tickets/ticket-letters";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";
import { type ApiHarness, startApiHarness, TEST_GAME_PAGES } from "@/tests/support/api-harness";
import { gameJobHandlers, INVITE_TO_GAME_JOB, INVITE_TO_OPEN_GAMES_JOB } from "./game-jobs.server";
import type { JobContext } from "./worker.server";

/**
 * A game's invitations (issue 42) against a real database: once the game is open, one `game-invitation`
 * e-mail per player whose Kroonloterij e-mail is on and whom the personal link enters tickets for, with that
 * link's path; none to a player with it off or never chosen; running the jobs again queues nothing more.
 */

let api: ApiHarness;
const logger = pino({ level: "silent" });
const context = { logger } as unknown as JobContext;
const DAY = 86_400_000;

/** The harness's open game, with personal links. */
const OPEN_GAME = TEST_GAME_PAGES.find((game) => game.pageId === "win-een-auto")!;
/** An open game without personal links, and one that begins tomorrow: neither is invited to. */
const NO_LINKS: GamePage = { ...OPEN_GAME, pageId: "zonder-links", entryMethods: ["online"] };
const NOT_OPEN: GamePage = { ...OPEN_GAME, pageId: "morgen", startsAt: new Date(Date.now() + DAY) };

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const secret = () => api.services.config.sessionSecret;

function handlers(games: readonly GamePage[], { signed = true } = {}) {
  const linkSecret = signed ? secret() : undefined;
  return gameJobHandlers({
    db: api.database.db,
    now: () => new Date(),
    games: async () => games,
    linkSecret,
  });
}

/** A player with an online ticket in a classic draw, and the Kroonloterij e-mail as given (or never chosen). */
async function playerWithTicket(email: boolean | undefined): Promise<{ id: string; ticketId: string }> {
  const { id } = await createPlayer(api.database.db, {
    email: `uitnodiging-${randomBytes(6).toString("hex")}@example.test`,
    passwordHash: "not-used",
    firstName: "Mila",
    lastName: "Jansen",
    birthDate: "1988-03-12",
    street: "Dorpsstraat",
    houseNumber: 4,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  if (email !== undefined) {
    await api.database.db.insert(communicationPreferences).values({
      playerId: id,
      vertical: "kroonloterij",
      channel: "email",
      enabled: email,
      changedAt: new Date(),
    });
  }
  const [draw] = await api.database.db.select().from(draws).where(eq(draws.gameType, "KROON")).limit(1);
  const letter = () => TICKET_LETTERS[randomInt(TICKET_LETTERS.length)];
  const [ticket] = await api.database.db
    .insert(tickets)
    .values({
      drawId: draw!.id,
      number: `${letter()}${letter()}${String(randomInt(100_000)).padStart(5, "0")}`,
      playerId: id,
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: false,
      multiplier: 1,
      purchaseType: "Online",
      groupIndex: 0,
    })
    .returning();
  return { id, ticketId: ticket!.id };
}

const invitationsOf = (playerId: string) =>
  api.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, "game-invitation"), eq(outboxEmails.playerId, playerId)));

const queuedJobs = (pageId: string) =>
  api.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, INVITE_TO_GAME_JOB), like(jobs.key, `%:${pageId}`)));

describe("the game invitations (invite-to-open-games, invite-to-game)", () => {
  it("queues one invitation with the personal link to a player with the e-mail on, none to the others, once", async () => {
    const on = await playerWithTicket(true);
    const off = await playerWithTicket(false);
    const neverChosen = await playerWithTicket(undefined);
    const games = [OPEN_GAME, NO_LINKS, NOT_OPEN];

    const sweep = handlers(games)[INVITE_TO_OPEN_GAMES_JOB]!;
    await sweep({}, context);
    await sweep({}, context);
    expect(await queuedJobs(OPEN_GAME.pageId)).toHaveLength(1);
    expect(await queuedJobs(NO_LINKS.pageId)).toEqual([]);
    expect(await queuedJobs(NOT_OPEN.pageId)).toEqual([]);

    const invite = handlers(games)[INVITE_TO_GAME_JOB]!;
    await invite({ pageId: OPEN_GAME.pageId }, context);
    await invite({ pageId: OPEN_GAME.pageId }, context);

    const [invitation, ...more] = await invitationsOf(on.id);
    expect(more).toEqual([]);
    expect(invitation).toMatchObject({
      key: `game-invitation:${OPEN_GAME.pageId}:${on.id}`,
      state: "queued",
      data: {
        firstName: "Mila",
        gameTitle: OPEN_GAME.title,
        prize: OPEN_GAME.prizeText,
        tickets: 1,
        endsOn: amsterdamIsoDate(OPEN_GAME.endsAt),
      },
    });
    expect(invitation!.recipient).toMatch(/^uitnodiging-.*@example\.test$/);
    // The path of the personal link: it enters the player's own ticket.
    const entryPath = new URL(String(invitation!.data.entryPath), "http://shop.test");
    expect(entryPath.pathname).toBe(`/winactie/${OPEN_GAME.pageId}/link`);
    const link = readGameLinkData(
      secret(),
      OPEN_GAME.pageId,
      entryPath.searchParams.get("data")!,
      new Date(),
    );
    expect(link).toMatchObject({ playerId: on.id, ticketIds: [on.ticketId] });

    expect(await invitationsOf(off.id)).toEqual([]);
    expect(await invitationsOf(neverChosen.id)).toEqual([]);
  });

  it("invites nobody to a game that closed since its job was queued, or without the links' secret", async () => {
    const on = await playerWithTicket(true);
    const ended: GamePage = { ...OPEN_GAME, endsAt: new Date(Date.now() - DAY) };
    await handlers([ended])[INVITE_TO_GAME_JOB]!({ pageId: OPEN_GAME.pageId }, context);
    expect(await invitationsOf(on.id)).toEqual([]);

    const unsigned = handlers([{ ...OPEN_GAME, pageId: "zonder-geheim" }], { signed: false });
    await unsigned[INVITE_TO_OPEN_GAMES_JOB]!({}, context);
    expect(await queuedJobs("zonder-geheim")).toEqual([]);
  });
});
