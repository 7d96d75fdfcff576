import { eq } from "drizzle-orm";
import type { Offer } from "@/src/domain/campaigns/offers/registry";
import type { Db } from "./database.server";
import { actionActivations, actionCodes, campaigns, players } from "./schema";

const DAY = 86_400_000;

/**
 * The demo campaigns and codes (issue 18; README "Action codes"): on `/kerstactie` a working personal code,
 * one already used, and a general code; `/miljoenenbonus` with a general code; `/herfstactie`, which has
 * ended; `/proefabonnement` with a general code for a trial subscription on the `/abonnement` form. Periods are relative to the seed's date, so the demo works whenever it is started.
 */
export const DEMO_ACTION_CODES = {
  working: "KERST234",
  used: "KERST567",
  general: "FEEST777",
  expired: "HERFST23",
  millionGame: "EXTRA234",
  trial: "PRBE2345",
  unknown: "ABCD2345",
} as const;

type SeedCampaign = {
  id: string;
  pagePath: string;
  name: string;
  startsInDays: number;
  endsInDays: number;
  offer: Offer;
  codes: { code: string; kind: "personal" | "general"; mailing?: string; maxPerPlayer?: number }[];
};

const SEED_CAMPAIGNS: readonly SeedCampaign[] = [
  {
    id: "kerstactie",
    pagePath: "/kerstactie",
    name: "Kerstactie",
    startsInDays: -7,
    endsInDays: 60,
    offer: { kind: "orderDiscount", amountInCents: 500, minimumOrderInCents: 1000, firstOrderOnly: false },
    codes: [
      { code: DEMO_ACTION_CODES.working, kind: "personal", mailing: "kerstbrief-2026" },
      { code: DEMO_ACTION_CODES.used, kind: "personal", mailing: "kerstbrief-2026" },
      { code: DEMO_ACTION_CODES.general, kind: "general", maxPerPlayer: 1 },
    ],
  },
  {
    id: "miljoenenbonus",
    pagePath: "/miljoenenbonus",
    name: "Miljoenenbonus",
    startsInDays: -1,
    endsInDays: 60,
    offer: { kind: "millionGameTickets", quantity: 2, priceInCents: 0 },
    codes: [{ code: DEMO_ACTION_CODES.millionGame, kind: "general", maxPerPlayer: 2 }],
  },
  {
    id: "proefabonnement",
    pagePath: "/proefabonnement",
    name: "Proefabonnement",
    startsInDays: -3,
    endsInDays: 60,
    offer: { kind: "trialSubscription", subscriptionPageId: "abonnement", draws: 3, discountPercent: 75 },
    codes: [{ code: DEMO_ACTION_CODES.trial, kind: "general", maxPerPlayer: 1 }],
  },
  {
    id: "herfstactie",
    pagePath: "/herfstactie",
    name: "Herfstactie",
    startsInDays: -75,
    endsInDays: -14,
    offer: { kind: "orderDiscount", amountInCents: 300, minimumOrderInCents: 0, firstOrderOnly: false },
    codes: [{ code: DEMO_ACTION_CODES.expired, kind: "personal", mailing: "herfstbrief-2026" }],
  },
];

/** Idempotent: a campaign or code that exists is left as it is. */
export async function seedCampaigns(db: Db, now: Date, demoPlayerEmail: string): Promise<void> {
  for (const campaign of SEED_CAMPAIGNS) {
    await db
      .insert(campaigns)
      .values({
        id: campaign.id,
        pageId: campaign.id,
        pagePath: campaign.pagePath,
        name: campaign.name,
        startsAt: new Date(now.getTime() + campaign.startsInDays * DAY),
        endsAt: new Date(now.getTime() + campaign.endsInDays * DAY),
        offer: campaign.offer,
      })
      .onConflictDoNothing();
    await db
      .insert(actionCodes)
      .values(
        campaign.codes.map((code) => ({
          code: code.code,
          campaignId: campaign.id,
          kind: code.kind,
          mailing: code.mailing ?? null,
          maxPerPlayer: code.maxPerPlayer ?? 1,
        })),
      )
      .onConflictDoNothing();
  }
  // The used code: the demo player activated it and ordered with it.
  const [player] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, demoPlayerEmail));
  if (!player) return;
  const [claimed] = await db
    .update(actionCodes)
    .set({ claimedBy: player.id, claimedAt: now })
    .where(eq(actionCodes.code, DEMO_ACTION_CODES.used))
    .returning({ code: actionCodes.code });
  if (!claimed) return;
  const [existing] = await db
    .select({ id: actionActivations.id })
    .from(actionActivations)
    .where(eq(actionActivations.code, DEMO_ACTION_CODES.used));
  if (existing) return;
  await db.insert(actionActivations).values({
    campaignId: "kerstactie",
    code: DEMO_ACTION_CODES.used,
    playerId: player.id,
    status: "used",
    activatedAt: now,
    usedAt: now,
  });
}
