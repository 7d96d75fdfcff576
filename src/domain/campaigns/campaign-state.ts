/**
 * When a campaign's codes can be activated (issue 18): between its start and its end, while marketing has
 * it switched on. An ended campaign is `expired` whatever its flag; one switched off or not begun yet is
 * `notActive`.
 */
export type CampaignWindow = { active: boolean; startsAt: Date; endsAt: Date };

export type CampaignState = "open" | "notActive" | "expired";

export function campaignState(campaign: CampaignWindow, now: Date): CampaignState {
  if (now.getTime() >= campaign.endsAt.getTime()) return "expired";
  if (!campaign.active || now.getTime() < campaign.startsAt.getTime()) return "notActive";
  return "open";
}

/** A general code's uses by one player: fewer than the maximum may activate it again. */
export function mayUseAgain(usesByPlayer: number, maxPerPlayer: number): boolean {
  return usesByPlayer < maxPerPlayer;
}
