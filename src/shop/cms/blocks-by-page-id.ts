import type { z } from "zod";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * The functional blocks of one content type by page id, as the shop API serves them (gift, affiliate and
 * promotion blocks): each entry parsed with its model and turned into what the API needs. An entry that
 * does not hold is left out (its page id serves nothing) and reported as a content problem; of two entries
 * with one page id the first wins.
 */
export function blocksByPageId<Fields extends { pageId: string }, T>(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
  block: { schema: z.ZodType<Fields>; part: string; what: string; toValue: (fields: Fields) => T },
): Map<string, T> {
  const byPageId = new Map<string, T>();
  for (const entry of entries) {
    const entryId = entry.sys.id;
    const parsed = block.schema.safeParse(entry.fields);
    const pageId = typeof entry.fields.pageId === "string" ? entry.fields.pageId : undefined;
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`,
      );
      report({ entryId, pageId, part: block.part, issues });
      continue;
    }
    const fields = parsed.data;
    if (byPageId.has(fields.pageId)) {
      report({
        entryId,
        pageId: fields.pageId,
        part: "pageId",
        issues: [`pageId: another ${block.what} has this page id`],
      });
      continue;
    }
    byPageId.set(fields.pageId, block.toValue(fields));
  }
  return byPageId;
}
