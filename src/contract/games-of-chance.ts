import { z } from "zod";
import { ENTRY_METHODS } from "@/src/domain/games-of-chance/game-rules";
import { defineEndpoint } from "./define";
import { OptInSchema } from "./promotions";
import { PageIdSchema } from "./tickets";

/**
 * Promotional games of chance (issue 19; spec sections 5, 7 and 8) under
 * `/api/promotionalgamesofchance/{pageId}`: the game's opt-ins and rules, and the ways to enter it with the
 * tickets a player has: online and subscription tickets, typed ticket numbers, a shop ticket's barcode, a
 * personal link from an e-mail, or one click. Entering several tickets answers each one: those that entered
 * and those that failed, with the reason; when none entered the answer is a refusal listing them all.
 */

const iso = z.iso.datetime({ offset: true });
const pageParams = z.object({ pageId: PageIdSchema });
const recaptcha = z.string().max(4000).optional();
/** The opt-ins ticked, each with the text the page showed. */
const chosenOptIns = z
  .array(z.object({ id: z.string().max(40), text: z.string().max(1000) }))
  .max(10)
  .default([]);

export const GameInfoSchema = z.object({
  pageId: z.string(),
  title: z.string(),
  prizeText: z.string(),
  state: z.enum(["notStarted", "open", "ended"]),
  startsAt: iso,
  endsAt: iso,
  maxParticipations: z.number().int().positive(),
  entryMethods: z.array(z.enum(ENTRY_METHODS)),
  /** The opt-ins the game asks for, with their fixed texts; a required one must be ticked to enter. */
  optIns: z.array(OptInSchema.extend({ required: z.boolean() })),
  /** After the game's draw: the winning tickets, with the winners' names masked (Eva T.). */
  winners: z.array(
    z.object({ place: z.number().int().positive(), ticketNumber: z.string().nullable(), name: z.string() }),
  ),
});
export type GameInfo = z.infer<typeof GameInfoSchema>;

export const EntryResultSchema = z.object({
  entered: z.array(z.object({ ticketNumber: z.string().nullable() })),
  failed: z.array(z.object({ ticketNumber: z.string(), code: z.string(), reason: z.string() })),
  participations: z.number().int().nonnegative(),
  maxParticipations: z.number().int().positive(),
});
export type EntryResult = z.infer<typeof EntryResultSchema>;

const entryErrors = {
  400: ["RecaptchaNotValidError"],
  401: [],
  404: [],
  409: ["UserAlreadyParticipatedError"],
  422: [
    "ActionNotActiveError",
    "ActionExpiredError",
    "DuplicateTicketError",
    "MaximumNumberOfParticipationsReachedError",
  ],
} as const;

export const getGameOptIns = defineEndpoint({
  method: "GET",
  path: "/api/promotionalgamesofchance/{pageId}/opt-ins",
  summary:
    "The game: its period, prize, ways to enter, opt-ins with their fixed texts and, once drawn, its winners",
  slice: "games",
  backend: "shop",
  auth: "none",
  params: pageParams,
  response: GameInfoSchema,
  errors: { 400: [], 404: [] },
});

export const subscribeToGame = defineEndpoint({
  method: "POST",
  path: "/api/promotionalgamesofchance/{pageId}/subscribe",
  summary: "Enters the logged-in player with one click (one participation per player)",
  slice: "games",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({ optIns: chosenOptIns }),
  response: EntryResultSchema,
  errors: entryErrors,
});

export const getOnlineGameTickets = defineEndpoint({
  method: "GET",
  path: "/api/promotionalgamesofchance/{pageId}/subscribe/online",
  summary: "The player's online and subscription tickets that count for the game, and which already entered",
  slice: "games",
  backend: "shop",
  auth: "player",
  params: pageParams,
  response: z.object({
    tickets: z.array(
      z.object({
        ticketId: z.uuid(),
        ticketNumber: z.string(),
        drawName: z.string(),
        drawDate: iso,
        purchaseType: z.string(),
        entered: z.boolean(),
      }),
    ),
    participations: z.number().int().nonnegative(),
    maxParticipations: z.number().int().positive(),
  }),
  errors: { 400: [], 401: [], 404: [] },
});

export const enterOnlineGameTickets = defineEndpoint({
  method: "POST",
  path: "/api/promotionalgamesofchance/{pageId}/subscribe/online",
  summary: "Enters the chosen online and subscription tickets of the player",
  slice: "games",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({ ticketIds: z.array(z.uuid()).min(1).max(20), optIns: chosenOptIns }),
  response: EntryResultSchema,
  errors: entryErrors,
});

export const enterManualGameTickets = defineEndpoint({
  method: "POST",
  path: "/api/promotionalgamesofchance/{pageId}/subscribe/manual",
  summary: "Enters typed ticket numbers (up to 10) of the player's tickets, with the reCAPTCHA",
  slice: "games",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({
    ticketNumbers: z.array(z.string().max(20)).min(1).max(10),
    optIns: chosenOptIns,
    gRecaptchaResponse: recaptcha,
  }),
  response: EntryResultSchema,
  errors: entryErrors,
  rateLimit: { limit: 20, windowMs: 10 * 60_000 },
});

export const enterRetailGameTicket = defineEndpoint({
  method: "POST",
  path: "/api/promotionalgamesofchance/{pageId}/subscribe/retail",
  summary: "Enters a shop ticket by its barcode, with the reCAPTCHA",
  slice: "games",
  backend: "shop",
  auth: "player",
  params: pageParams,
  body: z.object({
    barcode: z.string().max(40),
    optIns: chosenOptIns,
    gRecaptchaResponse: recaptcha,
  }),
  response: EntryResultSchema,
  errors: entryErrors,
  rateLimit: { limit: 20, windowMs: 10 * 60_000 },
});

export const readGameLink = defineEndpoint({
  method: "GET",
  path: "/api/promotionalgamesofchance/{pageId}/subscribe/link",
  summary:
    "What a personal link from an e-mail enters (its signed data); a tampered or expired link is refused",
  slice: "games",
  backend: "shop",
  auth: "none",
  params: pageParams,
  query: z.object({ data: z.string().max(2000) }),
  response: z.object({
    firstName: z.string(),
    tickets: z.array(z.object({ ticketNumber: z.string(), entered: z.boolean() })),
    expiresAt: iso,
  }),
  errors: { 400: [], 404: [] },
});

export const enterGameByLink = defineEndpoint({
  method: "POST",
  path: "/api/promotionalgamesofchance/{pageId}/subscribe/link",
  summary: "Enters the tickets a personal link names, with one click",
  slice: "games",
  backend: "shop",
  auth: "none",
  params: pageParams,
  body: z.object({ data: z.string().max(2000), optIns: chosenOptIns }),
  response: EntryResultSchema,
  errors: {
    400: [],
    404: [],
    409: entryErrors[409],
    422: entryErrors[422],
  },
});

export const gameOfChanceEndpoints = [
  getGameOptIns,
  subscribeToGame,
  getOnlineGameTickets,
  enterOnlineGameTickets,
  enterManualGameTickets,
  enterRetailGameTicket,
  readGameLink,
  enterGameByLink,
] as const;
