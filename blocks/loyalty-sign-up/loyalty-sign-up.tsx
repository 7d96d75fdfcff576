import { useId, useState } from "react";
import { Link } from "react-router";
import type { LoyaltySignUpFields } from "@/content-models/loyalty-sign-up";
import { getLoyalty, subscribeLoyalty } from "@/src/contract/loyalty";
import { general, loyaltyMessages as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { ApiProvider, useApiClients } from "@/src/shop/components/api-context";
import { FormOutcome, type FormOutcomeState } from "@/src/shop/components/form-outcome";
import { PlayerBlockStatus, usePlayerBlockData } from "@/src/shop/slices/player/player-block";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: join Kroonpunten (issue 20, item 6). The page is shared by every visitor, so the membership is
 * read in the browser, only when the login cookie says there is a player; a visitor gets a login link that
 * comes back here. A member sees the points balance. Without JavaScript it points to `/mijn`, which joins
 * with a plain form.
 */
export default function LoyaltySignUpBlock({ block }: BlockViewProps<"loyaltySignUp">) {
  const { props } = block;
  return (
    <ApiProvider>
      <LoyaltySignUp {...props} />
    </ApiProvider>
  );
}

function LoyaltySignUp({ title, text: intro, buttonLabel }: LoyaltySignUpFields) {
  const id = useId();
  const clients = useApiClients();
  const { state, show, reload } = usePlayerBlockData(endpointQueryOptions(clients.shop, getLoyalty));
  const [joining, setJoining] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>();

  const join = async () => {
    setJoining(true);
    setOutcome(undefined);
    try {
      show(await clients.shop.call(subscribeLoyalty));
      setOutcome({ notice: text.joined });
    } catch (error) {
      if (error instanceof ApiError && error.code === "LoyaltyAlreadySubscribedError") {
        // Joined already (another tab): show the membership as it is.
        setOutcome({ notice: error.message });
        reload();
      } else {
        setOutcome({ formError: error instanceof ApiError ? error.message : general.generic });
      }
    } finally {
      setJoining(false);
    }
  };

  const shell = (content: React.ReactNode) => (
    <section className="loyalty-sign-up card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      <p>{text.howItWorks}</p>
      {content}
    </section>
  );

  if (state.status !== "ready") {
    return shell(
      <PlayerBlockStatus
        state={state}
        texts={text}
        noScript={
          <p>
            {text.noScript} <Link to="/mijn">{text.myAccount}</Link>
          </p>
        }
      />,
    );
  }
  const loyalty = state.data;
  if (loyalty.member) {
    return shell(
      <>
        <FormOutcome outcome={outcome} />
        <p>
          <strong>{text.balance(loyalty.points)}</strong> <Link to="/mijn">{text.myAccount}</Link>
        </p>
      </>,
    );
  }
  return shell(
    <>
      <FormOutcome outcome={outcome} />
      <button type="button" className="button" onClick={() => void join()} disabled={joining}>
        {joining ? text.joining : buttonLabel || text.join}
      </button>
    </>,
  );
}
