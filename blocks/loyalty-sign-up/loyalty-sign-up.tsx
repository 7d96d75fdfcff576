import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import type { LoyaltySignUpFields } from "@/content-models/loyalty-sign-up";
import { ApiError } from "@/src/api/client/api-error";
import { getLoyalty, type Loyalty, subscribeLoyalty } from "@/src/api/contract/loyalty";
import { ApiProvider, useApiClients } from "@/src/components/api-context";
import { FormOutcome, type FormOutcomeState } from "@/src/components/form-outcome";
import { useShell } from "@/src/components/shell-context";
import { useHydrated } from "@/src/components/use-hydrated";
import { usePlayer } from "@/src/features/player/player-store";
import { general, loyaltyMessages as text } from "@/src/lib/messages";
import type { BlockComponentProps } from "../block-props";

/**
 * CMS block: join Kroonpunten (issue 20, item 6). The page is shared by every visitor, so the membership is
 * read in the browser, only when the login cookie says there is a player; a visitor gets a login link that
 * comes back here. A member sees the points balance. Without JavaScript it points to `/mijn`, which joins
 * with a plain form.
 */
export default function LoyaltySignUpBlock({ block }: BlockComponentProps) {
  const props = block.props as LoyaltySignUpFields;
  return (
    <ApiProvider>
      <LoyaltySignUp {...props} />
    </ApiProvider>
  );
}

type State =
  | { status: "loading" }
  | { status: "login" }
  | { status: "failed"; message: string }
  | { status: "ready"; loyalty: Loyalty };

function LoyaltySignUp({ title, text: intro, buttonLabel }: LoyaltySignUpFields) {
  const id = useId();
  const clients = useApiClients();
  const { env } = useShell();
  const player = usePlayer(env).status;
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ status: "loading" });
  const [joining, setJoining] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>();

  useEffect(() => {
    if (player === "notLoggedIn" || player === "loggingOut") setState({ status: "login" });
    if (player === "error") setState({ status: "failed", message: general.generic });
    if (player !== "player") return;
    let current = true;
    clients.shop.call(getLoyalty).then(
      (loyalty) => current && setState({ status: "ready", loyalty }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) setState({ status: "login" });
        else
          setState({
            status: "failed",
            message: error instanceof ApiError ? error.message : general.generic,
          });
      },
    );
    return () => {
      current = false;
    };
  }, [clients, player]);

  const join = async () => {
    setJoining(true);
    setOutcome(undefined);
    try {
      setState({ status: "ready", loyalty: await clients.shop.call(subscribeLoyalty) });
      setOutcome({ notice: text.joined });
    } catch (error) {
      if (error instanceof ApiError && error.code === "LoyaltyAlreadySubscribedError") {
        // Joined already (another tab): show the membership as it is.
        setOutcome({ notice: error.message });
        clients.shop.call(getLoyalty).then(
          (loyalty) => setState({ status: "ready", loyalty }),
          () => undefined,
        );
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

  if (state.status === "loading") {
    if (hydrated) return shell(<p aria-busy="true">{text.loading}</p>);
    return shell(
      <noscript>
        <p>
          {text.noScript} <Link to="/mijn">{text.myAccount}</Link>
        </p>
      </noscript>,
    );
  }
  if (state.status === "login") {
    return shell(
      <p>
        {text.loginText}{" "}
        <Link to={`/inloggen?returnUrl=${encodeURIComponent(pathname + search)}`} reloadDocument>
          {text.loginLink}
        </Link>
      </p>,
    );
  }
  if (state.status === "failed") {
    return shell(
      <p className="form-error" role="alert">
        {state.message}
      </p>,
    );
  }
  const { loyalty } = state;
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
