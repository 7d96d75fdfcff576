import type { z } from "zod";
import { SLUG } from "@/content-models/define";
import { retentionOfferModel } from "@/content-models/retention-offer";
import { subscriptionUpsellModel } from "@/content-models/subscription-upsell";
import type {
  RetentionOffer,
  RetentionOfferPage,
  SubscriptionUpsell,
} from "@/src/domain/subscriptions/changes";
import type { ContentEntry } from "./source/types";
import type { OfferProblem } from "./subscription-offers";

/**
 * What editors set up for changing and stopping subscriptions (issue 15), as the shop API offers it per page
 * id: the upsell blocks (`subscriptionUpsell`) and the cancellation page's retention offers
 * (`subscriptionCancellation` with its `retentionOffer` entries). An editor's mistake costs only the broken
 * part, reported as a content problem: an upsell block that does not hold is left out (its page id offers
 * nothing), and so is a retention offer (the page keeps its other offers).
 */

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`);
}

/** The upsells of the given `subscriptionUpsell` entries by page id (the first entry of a page id wins). */
export function subscriptionUpsells(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, SubscriptionUpsell> {
  const upsells = new Map<string, SubscriptionUpsell>();
  for (const entry of entries) {
    const entryId = entry.sys.id;
    const parsed = subscriptionUpsellModel.schema.safeParse(entry.fields);
    const pageId = typeof entry.fields.pageId === "string" ? entry.fields.pageId : undefined;
    if (!parsed.success) {
      report({ entryId, pageId, part: "upsell", issues: issuesOf(parsed.error) });
      continue;
    }
    const fields = parsed.data;
    if (upsells.has(fields.pageId)) {
      report({
        entryId,
        pageId: fields.pageId,
        part: "pageId",
        issues: ["pageId: another upsell block has this page id"],
      });
      continue;
    }
    upsells.set(
      fields.pageId,
      fields.kind === "xl"
        ? { pageId: fields.pageId, kind: "xl" }
        : // The model's rule makes a draw upsell name its draw.
          { pageId: fields.pageId, kind: "draw", drawKind: fields.drawKind ?? "extra" },
    );
  }
  return upsells;
}

function parseOffer(value: unknown): RetentionOffer | string[] {
  const parsed = retentionOfferModel.entrySchema.safeParse(value);
  if (!parsed.success) return issuesOf(parsed.error);
  const { offerId: id, kind, title, description, draws, discountPercent } = parsed.data.fields;
  // The model's rules make a discount carry both numbers and a pause its draws.
  if (kind === "switchToFifth") return { id, kind, title, description };
  if (draws === undefined) return ["draws: Required"];
  if (kind === "pause") return { id, kind, title, description, draws };
  if (discountPercent === undefined) return ["discountPercent: Required"];
  return { id, kind, title, description, draws, discountPercent };
}

/**
 * The retention offers of the given `subscriptionCancellation` entries by page id (the first entry of a page
 * id wins), in the editor's order; an offer id is offered once per page.
 */
export function retentionOfferPages(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, RetentionOfferPage> {
  const pages = new Map<string, RetentionOfferPage>();
  for (const entry of entries) {
    const entryId = entry.sys.id;
    const { pageId, offers } = entry.fields;
    if (typeof pageId !== "string" || !SLUG.test(pageId)) {
      report({ entryId, part: "pageId", issues: ["pageId: a lowercase slug is required"] });
      continue;
    }
    if (pages.has(pageId)) {
      report({
        entryId,
        pageId,
        part: "pageId",
        issues: ["pageId: another cancellation entry has this page id"],
      });
      continue;
    }
    const page: RetentionOfferPage = { pageId, offers: [] };
    for (const [index, value] of (Array.isArray(offers) ? offers : []).entries()) {
      const offer = parseOffer(value);
      if (Array.isArray(offer)) {
        report({ entryId, pageId, part: `offers.${index}`, issues: offer });
      } else if (page.offers.some((known) => known.id === offer.id)) {
        report({
          entryId,
          pageId,
          part: `offers.${index}`,
          issues: [`offerId: ${offer.id} is listed twice`],
        });
      } else {
        page.offers.push(offer);
      }
    }
    if (offers !== undefined && !Array.isArray(offers)) {
      report({ entryId, pageId, part: "offers", issues: ["offers: expected a list of retention offers"] });
    }
    pages.set(pageId, page);
  }
  return pages;
}
