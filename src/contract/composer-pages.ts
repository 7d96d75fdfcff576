import { z } from "zod";

/**
 * The composer's answers about a page's address and its versions (issue 44): the live check of a path
 * (`GET /redactie/api/paden?pad=/x&pagina=<id>`) and what changed in a version of the history
 * (`GET /redactie/api/paginas/:id/geschiedenis/:event/verschil`, `?met=concept` against the concept).
 * Values come shortened (an ellipsis past 60 characters); the composer words each change in Dutch.
 */
export const PathCheckSchema = z.object({
  path: z.string(),
  free: z.boolean(),
  /** Why the path is not free, in Dutch; empty when it is. */
  messages: z.array(z.string()),
});
export type PathCheck = z.infer<typeof PathCheckSchema>;

export const PageChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("setting"),
    field: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  z.object({ kind: z.literal("blockAdded"), blockId: z.string(), block: z.string() }),
  z.object({ kind: z.literal("blockRemoved"), blockId: z.string(), block: z.string() }),
  z.object({
    kind: z.literal("blockField"),
    blockId: z.string(),
    block: z.string(),
    field: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  z.object({ kind: z.literal("blocksReordered") }),
]);
export type PageChange = z.infer<typeof PageChangeSchema>;

export const DIFF_AGAINST = ["vorige", "concept"] as const;
export const PageDiffSchema = z.object({
  /** Compared with the previous version that has a snapshot, or with the current concept. */
  against: z.enum(DIFF_AGAINST),
  /** The first version: there is nothing before it to compare with. */
  firstVersion: z.boolean(),
  changes: z.array(PageChangeSchema),
});
export type PageDiff = z.infer<typeof PageDiffSchema>;
