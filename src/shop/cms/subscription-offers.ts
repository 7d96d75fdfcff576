import { z } from "zod";
import { SLUG } from "@/content-models/define";
import { subscriptionPromotionModel } from "@/content-models/subscription-promotion";
import { sweepstakeModel } from "@/content-models/sweepstake";
import { isRealDate } from "@/src/domain/portal/registration";
import type {
  SubscriptionPageOffer,
  SubscriptionPromotion,
  Sweepstake,
} from "@/src/domain/subscriptions/plan";
import { amsterdamTime } from "@/src/lib/amsterdam-time";
import type { ContentEntry } from "./source/types";

/**
 * What editors attached to the subscription form blocks (`subscriptionConfigurator` entries), as the shop
 * API sells it per page id: the promotion and the sweepstake. An editor's mistake costs only the broken
 * part: a promotion or sweepstake that does not hold is left out (the page sells without it) and reported
 * as a content problem, and an entry without a usable page id is left out as a whole.
 */

export type OfferProblem = { entryId: string; pageId?: string; part: string; issues: string[] };

const PromotionRules = z.object({
  draws: z.int().min(1).max(12),
  discountPercent: z.int().min(1).max(90),
});
const SweepstakeRules = z.object({
  numberOfPrizes: z.int().min(1),
  oddsOneIn: z.int().min(1),
});
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date a value starts with, when it is a real one (no 30 February). */
function calendarDate(value: string): [number, number, number] | undefined {
  const date = value.slice(0, 10);
  return isRealDate(date) ? (date.split("-").map(Number) as [number, number, number]) : undefined;
}

/**
 * The end of a sweepstake: a moment as given, or, for a date alone, the end of that day in Amsterdam
 * ("until this date" includes the day). Undefined for what is no real date.
 */
export function sweepstakeEnd(value: string): Date | undefined {
  const date = calendarDate(value);
  if (!date) return undefined;
  if (DATE_ONLY.test(value)) {
    const [year, month, day] = date;
    return new Date(amsterdamTime(year, month, day, 23).getTime() + 3_600_000);
  }
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "entry"}: ${issue.message}`);
}

function parsePromotion(value: unknown): SubscriptionPromotion | string[] {
  const parsed = subscriptionPromotionModel.entrySchema.safeParse(value);
  if (!parsed.success) return issuesOf(parsed.error);
  const { fields } = parsed.data;
  const rules = PromotionRules.safeParse(fields);
  if (!rules.success) return issuesOf(rules.error);
  return {
    id: fields.promotionId,
    label: fields.label,
    draws: fields.draws,
    discountPercent: fields.discountPercent,
    trial: fields.trial,
  };
}

function parseSweepstake(value: unknown): Sweepstake | string[] {
  const parsed = sweepstakeModel.entrySchema.safeParse(value);
  if (!parsed.success) return issuesOf(parsed.error);
  const { fields } = parsed.data;
  const rules = SweepstakeRules.safeParse(fields);
  if (!rules.success) return issuesOf(rules.error);
  const endsAt = sweepstakeEnd(fields.endDate);
  if (!endsAt) return [`endDate: not a date: ${fields.endDate}`];
  return {
    id: fields.sweepstakeId,
    prizeText: fields.prizeText,
    numberOfPrizes: fields.numberOfPrizes,
    oddsOneIn: fields.oddsOneIn,
    endsAt,
  };
}

/** The offers of the given `subscriptionConfigurator` entries by page id (the first entry of a page id wins). */
export function subscriptionOffers(
  entries: readonly ContentEntry[],
  report: (problem: OfferProblem) => void,
): Map<string, SubscriptionPageOffer> {
  const offers = new Map<string, SubscriptionPageOffer>();
  for (const entry of entries) {
    const entryId = entry.sys.id;
    const { pageId, promotion, sweepstake } = entry.fields;
    if (typeof pageId !== "string" || !SLUG.test(pageId)) {
      report({ entryId, part: "pageId", issues: ["pageId: a lowercase slug is required"] });
      continue;
    }
    if (offers.has(pageId)) {
      report({ entryId, pageId, part: "pageId", issues: ["pageId: another form block has this page id"] });
      continue;
    }
    const offer: SubscriptionPageOffer = { pageId };
    if (promotion !== undefined && promotion !== null) {
      const parsed = parsePromotion(promotion);
      if (Array.isArray(parsed)) report({ entryId, pageId, part: "promotion", issues: parsed });
      else offer.promotion = parsed;
    }
    if (sweepstake !== undefined && sweepstake !== null) {
      const parsed = parseSweepstake(sweepstake);
      if (Array.isArray(parsed)) report({ entryId, pageId, part: "sweepstake", issues: parsed });
      else offer.sweepstake = parsed;
    }
    offers.set(pageId, offer);
  }
  return offers;
}
