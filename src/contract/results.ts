import { z } from "zod";
import { DrawResultSchema, PRIZE_CATEGORIES } from "@/src/domain/results/draw-result";
import { TICKET_NUMBER } from "@/src/domain/tickets/ticket-letters";
import { resultsMessages, ticketNumber as ticketNumberMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { DrawKindSchema, GameTypeSchema } from "./draws";
import { cents, drawIdField, drawIdParam } from "./fields";
import { FractionSchema } from "./tickets";

/**
 * Draw results, the ticket checker, retail tickets and the boulevard game (spec sections 5 and 7).
 */
const iso = z.iso.datetime({ offset: true });

/** Spec section 5: 7 characters once whitespace is removed, 2 letters then 5 digits (any case). */
export function normaliseTicketNumber(value: string): string | undefined {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return TICKET_NUMBER.test(compact) ? compact : undefined;
}

export const TicketNumberInputSchema = z
  .string({ error: ticketNumberMessages.invalid })
  .meta({ examples: ["AB12345", "ab 12 345"] })
  .max(40, ticketNumberMessages.invalid)
  .transform((value, context) => {
    const normalised = normaliseTicketNumber(value);
    if (!normalised) {
      context.addIssue({ code: "custom", message: ticketNumberMessages.invalid });
      return z.NEVER;
    }
    return normalised;
  });

export const DrawSummarySchema = z.object({
  drawId: drawIdField(),
  name: z.string(),
  /** Readable Dutch slug for `/trekkingsuitslag/{slug}`. */
  slug: z.string(),
  gameType: GameTypeSchema,
  kind: DrawKindSchema,
  drawDate: iso,
  jackpotInCents: cents,
  jackpotFell: z.boolean(),
});
export type DrawSummary = z.infer<typeof DrawSummarySchema>;

export const DrawResultDetailsSchema = z.object({ draw: DrawSummarySchema, result: DrawResultSchema });
export type DrawResultDetails = z.infer<typeof DrawResultDetailsSchema>;

export const TicketPrizeSchema = z.object({
  category: z.enum(PRIZE_CATEGORIES),
  amountInCents: cents,
  wholeAmountInCents: cents,
});

export const CheckedTicketSchema = z.object({
  ticketNumber: z.string(),
  fraction: FractionSchema,
  withXl: z.boolean(),
  prizes: z.array(TicketPrizeSchema),
  totalInCents: cents,
});
export type CheckedTicket = z.infer<typeof CheckedTicketSchema>;

const MAX_CHECKED_TICKETS = 10;

export const TicketCheckBodySchema = z.object({
  drawId: drawIdField(),
  tickets: z
    .array(
      z.object({
        ticketNumber: TicketNumberInputSchema,
        fraction: FractionSchema.default("WHOLE"),
        withXl: z.boolean().default(false),
      }),
    )
    .min(1, resultsMessages.ticketNumbersMissing)
    .max(MAX_CHECKED_TICKETS, resultsMessages.tooManyTicketNumbers(MAX_CHECKED_TICKETS)),
});

export const getDrawResults = defineEndpoint({
  method: "GET",
  path: "/api/draw-results",
  summary: "Published draw results, newest first",
  slice: "results",
  backend: "shop",
  auth: "none",
  query: z.object({
    gameType: GameTypeSchema.optional(),
    // Enough for years of draws of both games, so a draw's page can find its draw by slug.
    limit: z.coerce.number().int().min(1).max(500).default(12),
  }),
  response: z.object({
    draws: z.array(DrawSummarySchema),
    /** When the next result is published (none scheduled: absent); pages showing results keep until then. */
    nextPublicationDate: iso.optional(),
  }),
  errors: { 400: [] },
});

export const getTicketCheckerDraws = defineEndpoint({
  method: "GET",
  path: "/api/draw-results/ticket-checker",
  summary: "The draws whose tickets can be checked",
  slice: "results",
  backend: "shop",
  auth: "none",
  response: z.object({ draws: z.array(DrawSummarySchema) }),
});

export const getDrawResult = defineEndpoint({
  method: "GET",
  path: "/api/draw-results/{drawId}",
  summary: "One published draw's full result",
  slice: "results",
  backend: "shop",
  auth: "none",
  params: z.object({ drawId: drawIdParam }),
  response: DrawResultDetailsSchema,
  errors: { 400: [], 404: [] },
});

export const checkTickets = defineEndpoint({
  method: "POST",
  path: "/api/ticket-checker/check",
  summary: "Checks up to 10 ticket numbers (with fraction and XL) against a published draw",
  slice: "results",
  backend: "shop",
  auth: "none",
  body: TicketCheckBodySchema,
  response: z.object({
    drawId: drawIdField(),
    results: z.array(CheckedTicketSchema),
    totalInCents: cents,
  }),
  errors: { 400: [], 404: [] },
});

export const RetailTicketSchema = z.object({
  ticketId: z.string(),
  drawId: drawIdField(),
  ticketNumber: z.string(),
  fraction: FractionSchema,
});

export const linkRetailTicket = defineEndpoint({
  method: "POST",
  path: "/api/retail-tickets",
  summary: "Links a shop-bought ticket to the player's account by its barcode",
  slice: "results",
  backend: "shop",
  auth: "player",
  body: z.object({
    barcode: z
      .string({ error: resultsMessages.barcodeMissing })
      .meta({ examples: ["8712345000031"] })
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{8,20}$/, resultsMessages.barcodeInvalid)),
  }),
  response: RetailTicketSchema,
  errors: { 400: [], 401: [], 404: ["RetailTicketNotFoundError"], 409: ["RetailTicketAlreadyLinkedError"] },
  rateLimit: { limit: 20, windowMs: 60_000 },
});

export const unlinkRetailTicket = defineEndpoint({
  method: "DELETE",
  path: "/api/retail-tickets",
  summary: "Removes a linked shop-bought ticket from the player's account",
  slice: "results",
  backend: "shop",
  auth: "player",
  body: z.object({ ticketId: z.uuid(), drawId: drawIdField() }),
  response: null,
  errors: { 400: [], 401: [], 404: ["RetailTicketNotFoundError"] },
});

const boulevardParams = z.object({
  boulevardId: z
    .string()
    .max(20)
    .meta({ examples: ["AB123"] }),
});

export const getBoulevardGame = defineEndpoint({
  method: "GET",
  path: "/api/boulevardgame/{boulevardId}",
  summary: "A boulevard's prizes in the latest draw, and each share's part",
  slice: "results",
  backend: "shop",
  auth: "none",
  params: boulevardParams,
  query: z.object({ shares: z.string().max(10).optional() }),
  response: z.object({
    boulevardId: z.string(),
    drawId: drawIdField(),
    shares: z.number().int().positive(),
    prizes: z.array(z.object({ ticketNumber: z.string(), amountInCents: cents })),
    totalInCents: cents,
    perShareInCents: cents,
  }),
  errors: { 400: [], 404: [] },
});

export const getBoulevardTickets = defineEndpoint({
  method: "GET",
  path: "/api/boulevardgame/{boulevardId}/tickets",
  summary: "The 100 ticket numbers of a boulevard",
  slice: "results",
  backend: "shop",
  auth: "none",
  params: boulevardParams,
  response: z.object({ boulevardId: z.string(), tickets: z.array(z.string()) }),
  errors: { 400: [], 404: [] },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const resultEndpoints = [
  getDrawResults,
  getTicketCheckerDraws,
  getDrawResult,
  checkTickets,
  linkRetailTicket,
  unlinkRetailTicket,
  getBoulevardTickets,
  getBoulevardGame,
] as const;
