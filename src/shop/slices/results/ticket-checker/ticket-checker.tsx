import { useId } from "react";
import type { DrawSummary } from "@/src/contract/results";
import { ticketChecker as text } from "@/src/lib/messages";
import { ApiProvider } from "@/src/shop/components/api-context";
import { Heading, type HeadingLevel } from "../heading";
import { CheckerForm } from "./checker-form";
import { RetailTicketEntry } from "./retail-ticket-entry";
import { type CheckerAnswer, withCheckedDraw } from "./ticket-checker-model";

export type TicketCheckerProps = {
  /** The draws whose tickets can be checked, newest first. */
  draws: readonly DrawSummary[];
  title?: string;
  headingLevel?: Exclude<HeadingLevel, 5>;
  /** Preselects this draw when it is among `draws` (the page of one draw); otherwise the newest. */
  initialDrawId?: number;
  /**
   * Offers a logged-in player to add a shop-bought ticket by its barcode. The page tells, as only the
   * browser knows the player: the server renders the checker without it.
   */
  playerLoggedIn?: boolean;
  /**
   * The server's answer to a check posted without JavaScript, which the form starts from; its draw is
   * offered even when it is no longer among `draws`.
   */
  answered?: CheckerAnswer;
  /** This browser's anti-forgery token for the barcode entry, when the server rendered it for the player. */
  retailToken?: string;
};

/**
 * Check up to 10 ticket numbers against a published draw (spec sections 5 and 7; shared/domain.md
 * "Prizes and results"), each as a whole ticket or a part and with or without XL. Logged-in players can
 * also add a shop-bought ticket by its barcode.
 */
export function TicketChecker(props: TicketCheckerProps) {
  return (
    <ApiProvider>
      <TicketCheckerContent {...props} />
    </ApiProvider>
  );
}

function TicketCheckerContent({
  draws,
  title,
  headingLevel = 2,
  initialDrawId,
  playerLoggedIn = false,
  answered,
  retailToken,
}: TicketCheckerProps) {
  const titleId = useId();
  const offered = answered ? withCheckedDraw(draws, answered.draw) : draws;
  const subLevel = Math.min(headingLevel + 1, 4) as HeadingLevel;
  return (
    <section className="ticket-checker" aria-labelledby={titleId}>
      <Heading level={headingLevel} id={titleId}>
        {title ?? text.defaultTitle}
      </Heading>
      {offered.length === 0 ? (
        <p>{text.noDraws}</p>
      ) : (
        <CheckerForm
          draws={offered}
          initialDrawId={initialDrawId}
          labelledBy={titleId}
          resultsHeadingLevel={subLevel}
          answered={answered}
        />
      )}
      {playerLoggedIn ? <RetailTicketEntry headingLevel={subLevel} token={retailToken} /> : null}
    </section>
  );
}
