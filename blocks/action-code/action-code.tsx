import type { CampaignPeriod } from "@/src/contract/action-codes";
import { formatDate, formatLastDay } from "@/src/lib/format";
import { actionPage as text } from "@/src/lib/messages";
import { ActionCodeForm } from "@/src/shop/slices/action-codes/action-code-form";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: enter a campaign's action code (issue 18). The form posts to `/actie/aanbod`, which asks a
 * visitor to log in first, activates the code and shows the offer it unlocks. Outside the campaign's
 * period it says so instead of offering the form (issue 43).
 */
export default function ActionCodeBlock({ block }: BlockViewProps<"actionCode">) {
  const { props } = block;
  const closed = closedText(block.data);
  return (
    <section className="action-code card" aria-labelledby={`action-code-title-${props.pageId}`}>
      <h2 id={`action-code-title-${props.pageId}`}>{props.title}</h2>
      {closed ? (
        <p className="action-code__closed">{closed}</p>
      ) : (
        <>
          {props.text ? <p>{props.text}</p> : null}
          <ActionCodeForm pageId={props.pageId} label={props.title} />
        </>
      )}
    </section>
  );
}

/** Why no code can be entered now; undefined while the campaign is open (or unknown to the shop). */
function closedText(campaign: CampaignPeriod | null | undefined): string | undefined {
  if (!campaign || campaign.state === "open") return undefined;
  if (campaign.state === "expired") return text.ended(formatLastDay(campaign.endsAt));
  return campaign.state === "notStarted" ? text.startsOn(formatDate(campaign.startsAt)) : text.paused;
}
