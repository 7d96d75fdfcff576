import { Form } from "react-router";
import type { Loyalty } from "@/src/contract/loyalty";
import { formatDate } from "@/src/lib/format";
import { loyaltyMessages as text } from "@/src/lib/messages";
import { FormOutcome, type FormOutcomeState } from "@/src/shop/components/form-outcome";
import { FormToken } from "@/src/shop/components/form-token";

/** The field and value of the `/mijn` form that joins Kroonpunten. */
export const JOIN_LOYALTY = { name: "intent", value: "joinLoyalty" } as const;

/**
 * Kroonpunten in `/mijn` (issue 20, item 6): a member's points balance and since when; a player who is not
 * one gets a button that joins (a plain post to the page, so it works without JavaScript too).
 */
export function LoyaltySummary({
  loyalty,
  token,
  outcome,
  ageRefused = false,
}: {
  /** Undefined when the shop could not say right now. */
  loyalty: Loyalty | undefined;
  token: string;
  outcome?: FormOutcomeState;
  /** The bank found the player under 18 (or could not confirm): no invitation (issue 43). */
  ageRefused?: boolean;
}) {
  if (!loyalty) return <span className="muted">{text.unknown}</span>;
  if (!loyalty.member && ageRefused) return <span className="muted">{text.adultsOnly}</span>;
  if (loyalty.member) {
    return (
      <>
        <strong data-testid="loyalty-points">{text.points(loyalty.points)}</strong>
        {loyalty.joinedAt ? (
          <>
            {" "}
            <span className="muted">({text.memberSince(formatDate(loyalty.joinedAt))})</span>
          </>
        ) : null}
        <FormOutcome outcome={outcome} />
      </>
    );
  }
  return (
    <>
      {text.notMember} {text.howItWorks}
      <FormOutcome outcome={outcome} />
      <Form method="post" aria-label={text.join}>
        <FormToken token={token} />
        <button type="submit" name={JOIN_LOYALTY.name} value={JOIN_LOYALTY.value} className="button">
          {text.join}
        </button>
      </Form>
    </>
  );
}
