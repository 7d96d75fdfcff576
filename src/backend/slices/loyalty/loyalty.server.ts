import { desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { loyaltyMembers, loyaltyPoints } from "@/src/backend/db/schema";
import type { Loyalty } from "@/src/contract/loyalty";
import { DomainError } from "@/src/domain/domain-error";
import { loyaltyMessages } from "@/src/lib/messages";

/**
 * Kroonpunten (issue 20, item 6): joining and the membership with its points. Points are credited by the
 * order that is paid (`src/backend/db/loyalty/loyalty-points.server.ts`), never here.
 */

export type LoyaltyServices = { db: Db; logger: Logger; now: () => Date };

/** How many credits the overview lists. */
const RECENT_CREDITS = 10;

/** A second sign-up: the API answers it with 409 `LoyaltyAlreadySubscribedError` and the Dutch reason. */
export class LoyaltyAlreadySubscribedError extends DomainError<"LoyaltyAlreadySubscribedError"> {
  constructor() {
    super("LoyaltyAlreadySubscribedError", undefined, loyaltyMessages.alreadyMember);
    this.name = "LoyaltyAlreadySubscribedError";
  }
}

/** The player's membership, points balance and latest credits. */
export async function loyaltyOverview(db: Db, playerId: string): Promise<Loyalty> {
  const [member] = await db
    .select({ joinedAt: loyaltyMembers.joinedAt })
    .from(loyaltyMembers)
    .where(eq(loyaltyMembers.playerId, playerId));
  if (!member) return { member: false, joinedAt: null, points: 0, recent: [] };
  const [[balance], recent] = await Promise.all([
    db
      .select({ total: sql<string | null>`sum(${loyaltyPoints.points})` })
      .from(loyaltyPoints)
      .where(eq(loyaltyPoints.playerId, playerId)),
    db
      .select({
        points: loyaltyPoints.points,
        description: loyaltyPoints.description,
        at: loyaltyPoints.createdAt,
      })
      .from(loyaltyPoints)
      .where(eq(loyaltyPoints.playerId, playerId))
      .orderBy(desc(loyaltyPoints.createdAt), desc(loyaltyPoints.id))
      .limit(RECENT_CREDITS),
  ]);
  return {
    member: true,
    joinedAt: member.joinedAt.toISOString(),
    points: Number(balance?.total ?? 0),
    recent: recent.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}

/**
 * Joins the player: orders paid from now on earn points. Once only, also when two requests arrive at
 * once (the membership's primary key decides): the second is `LoyaltyAlreadySubscribedError`.
 */
export async function subscribeToLoyalty(services: LoyaltyServices, playerId: string): Promise<Loyalty> {
  const joined = await services.db
    .insert(loyaltyMembers)
    .values({ playerId, joinedAt: services.now() })
    .onConflictDoNothing({ target: loyaltyMembers.playerId })
    .returning({ playerId: loyaltyMembers.playerId });
  if (joined.length === 0) throw new LoyaltyAlreadySubscribedError();
  services.logger.info({ event: "loyalty_joined" }, "player joined Kroonpunten");
  return loyaltyOverview(services.db, playerId);
}
