import { z } from "zod";
import { defineEndpoint } from "./define";
import { cents, drawIdField } from "./fields";

export const GameTypeSchema = z.enum(["KROON", "MILJOENENSPEL"]);
export const DrawKindSchema = z.enum(["regular", "extra", "yearEnd", "weekly"]);
export const DrawStatusSchema = z.enum(["open", "closed", "drawn", "published"]);

export const DrawSchema = z.object({
  drawId: drawIdField(),
  gameType: GameTypeSchema,
  kind: DrawKindSchema,
  runningNumber: z.number().int().positive(),
  name: z.string(),
  drawDate: z.iso.datetime({ offset: true }),
  salesCloseDateTime: z.iso.datetime({ offset: true }),
  status: DrawStatusSchema,
  jackpotInCents: cents,
});
export type Draw = z.infer<typeof DrawSchema>;

export const getPublishedDraws = defineEndpoint({
  method: "GET",
  path: "/api/draws/published",
  summary: "Draws whose results are published, newest first",
  slice: "draws",
  backend: "shop",
  auth: "none",
  query: z.object({
    gameType: GameTypeSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(24),
  }),
  response: z.object({ draws: z.array(DrawSchema) }),
  errors: { 400: [] },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const drawEndpoints = [getPublishedDraws] as const;
