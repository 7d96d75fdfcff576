import { type FormEvent, useRef } from "react";
import { Link, useLocation } from "react-router";
import { formatEuroCents } from "@/src/lib/format";
import { navigation } from "@/src/lib/messages/core";
import { FORM_TOKEN_FIELD } from "@/src/shop/components/form-token";
import { useShell } from "@/src/shop/components/shell-context";
import { markLoggingOut, usePlayer } from "./player-store";

/** Header part: the player's name and logout, or a login link back to this page. */
export function AccountMenu() {
  const { env } = useShell();
  const state = usePlayer(env);
  const location = useLocation();
  const tokenInput = useRef<HTMLInputElement>(null);

  if (state.status === "loading") return <span className="account-menu" aria-busy="true" />;
  if (state.status === "player" || state.status === "loggingOut") {
    const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      markLoggingOut();
      // The logout form carries the anti-forgery token of this session (spec section 2).
      const response = await fetch("/api/authentication/get-token", {
        headers: { "X-Requested-With": "XMLHttpRequest" },
      });
      const { token } = (await response.json()) as { token: string };
      if (tokenInput.current) tokenInput.current.value = token;
      form.submit();
    };
    return (
      <span className="account-menu">
        <Link to="/mijn" className="account-menu__name">
          {/* A narrow header shows "Mijn" instead of the name, so the balance and "Uitloggen" keep their room. */}
          <span className="account-menu__full-name">
            {state.player?.customerDetails.fullName ?? navigation.account}
          </span>
          <span className="account-menu__short-name">{navigation.account}</span>
        </Link>
        {state.status === "player" && state.balanceInCents !== undefined ? (
          <Link to="/mijn/saldo" className="account-menu__balance">
            <span className="visually-hidden">{navigation.balance} </span>
            {formatEuroCents(state.balanceInCents)}
          </Link>
        ) : null}
        <form method="post" action={`/uitloggen?returnUrl=${encodeURIComponent("/")}`} onSubmit={onSubmit}>
          <input ref={tokenInput} type="hidden" name={FORM_TOKEN_FIELD} />
          <button type="submit" className="link-button" disabled={state.status === "loggingOut"}>
            {state.status === "loggingOut" ? navigation.loggingOut : navigation.logout}
          </button>
        </form>
      </span>
    );
  }
  const returnUrl = location.pathname + location.search;
  return (
    <Link
      className="account-menu__login"
      to={`/inloggen?returnUrl=${encodeURIComponent(returnUrl)}`}
      reloadDocument
    >
      {navigation.login}
    </Link>
  );
}
