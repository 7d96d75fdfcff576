import { type UseQueryOptions, type UseQueryResult, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { general } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
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

/**
 * Reads the player's data (options from `endpointQueryOptions`) once there is a player; `show` replaces it
 * with what a save answered, `reload` reads it again.
 */
export function usePlayerBlockData<T>(query: UseQueryOptions<T, Error, T>): {
  state: PlayerBlockState<T>;
  show: (data: T) => void;
  reload: () => void;
} {
  const queryClient = useQueryClient();
  const { env } = useShell();
  const player = usePlayer(env).status;
  const data = useQuery({ ...query, enabled: player === "player", throwOnError: false });
  return {
    state: blockState(player, data),
    show: (answer) => queryClient.setQueryData<T>(query.queryKey, answer),
    reload: () => void data.refetch(),
  };
}

function blockState<T>(
  player: ReturnType<typeof usePlayer>["status"],
  data: UseQueryResult<T>,
): PlayerBlockState<T> {
  if (player === "notLoggedIn" || player === "loggingOut") return { status: "login" };
  if (player === "error") return { status: "failed", message: general.generic };
  if (player === "loading") return { status: "loading" };
  if (data.isError) {
    if (data.error instanceof ApiError && data.error.status === 401) return { status: "login" };
    return { status: "failed", message: problemMessage(data.error) };
  }
  return data.isSuccess ? { status: "ready", data: data.data } : { status: "loading" };
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
