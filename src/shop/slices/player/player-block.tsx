import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { general } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { type ApiClients, useApiClients } from "@/src/shop/components/api-context";
import { useShell } from "@/src/shop/components/shell-context";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import { usePlayer } from "./player-store";

/**
 * A CMS block that shows the logged-in player's own data (issue 20: preferences, Kroonpunten). The page is
 * shared by every visitor, so the data is read in the browser, and only when the login cookie says there
 * is a player; a visitor gets a login link that comes back to this page.
 */
export type PlayerBlockState<T> =
  | { status: "loading" }
  | { status: "login" }
  | { status: "failed"; message: string }
  | { status: "ready"; data: T };

/** What went wrong in Dutch: the reason at a field, else the text of the code or status. */
export function problemMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return general.generic;
  return Object.values(error.fieldErrors).flat()[0] ?? error.message;
}

/** Reads the player's data once there is a player (again when `key` changes); `show` replaces it. */
export function usePlayerBlockData<T>(
  read: (clients: ApiClients) => Promise<T>,
  key: string,
): { state: PlayerBlockState<T>; show: (data: T) => void } {
  const clients = useApiClients();
  const { env } = useShell();
  const player = usePlayer(env).status;
  const [state, setState] = useState<PlayerBlockState<T>>({ status: "loading" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `read` reads
  useEffect(() => {
    if (player === "notLoggedIn" || player === "loggingOut") setState({ status: "login" });
    if (player === "error") setState({ status: "failed", message: general.generic });
    if (player !== "player") return;
    let current = true;
    read(clients).then(
      (data) => current && setState({ status: "ready", data }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) setState({ status: "login" });
        else setState({ status: "failed", message: problemMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [clients, player, key]);

  return { state, show: (data) => setState({ status: "ready", data }) };
}

/**
 * What the block shows before its data is there: loading (without JavaScript, `noScript`), the login
 * link, or why it failed; null once it is ready.
 */
export function PlayerBlockStatus<T>({
  state,
  noScript,
  texts,
}: {
  state: PlayerBlockState<T>;
  noScript: ReactNode;
  texts: { loading: string; loginText: string; loginLink: string };
}) {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  if (state.status === "loading") {
    if (hydrated) return <p aria-busy="true">{texts.loading}</p>;
    return <noscript>{noScript}</noscript>;
  }
  if (state.status === "login") {
    return (
      <p>
        {texts.loginText}{" "}
        <Link to={`/inloggen?returnUrl=${encodeURIComponent(pathname + search)}`} reloadDocument>
          {texts.loginLink}
        </Link>
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <p className="form-error" role="alert">
        {state.message}
      </p>
    );
  }
  return null;
}
