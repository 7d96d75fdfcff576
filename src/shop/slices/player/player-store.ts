import { useEffect, useSyncExternalStore } from "react";
import type { PublicEnv } from "@/src/config/public-env";
import type { PlayerDetails } from "@/src/contract/player";
import { loginCookieName } from "@/src/lib/cookie-names";

/**
 * The player state (spec section 4): `loading`, `notLoggedIn` (no login cookie, or a 401), `player`,
 * `error`, `loggingOut`. One store for every component; the details come from GET /api/player/details.
 */
export type PlayerState =
  | { status: "loading" }
  | { status: "notLoggedIn" }
  | { status: "player"; player: PlayerDetails; balanceInCents?: number }
  | { status: "error" }
  | { status: "loggingOut"; player?: PlayerDetails };

const LOADING: PlayerState = { status: "loading" };
let state: PlayerState = LOADING;
let started = false;
const listeners = new Set<() => void>();

function set(next: PlayerState) {
  state = next;
  for (const listener of listeners) listener();
}

export function hasLoginCookie(env: Pick<PublicEnv, "secureCookies">): boolean {
  const name = loginCookieName(env.secureCookies);
  return document.cookie.split("; ").some((part) => part === `${name}=1`);
}

/** Reads the login cookie and, when it is there, the player's details. The client only loads when needed. */
export async function refreshPlayer(env: PublicEnv): Promise<void> {
  if (!hasLoginCookie(env)) return set({ status: "notLoggedIn" });
  if (state.status !== "player") set(LOADING);
  try {
    const [{ createApiClient }, { ApiError }, { getPlayerDetails }, { getBalance }] = await Promise.all([
      import("@/src/shop/client/http-client"),
      import("@/src/shop/client/api-error"),
      import("@/src/contract/player"),
      import("@/src/contract/wallet-balance"),
    ]);
    try {
      // The balance beside the name (issue 43); a header without it is better than no header.
      const balance = createApiClient({ backend: "portal", cookies: env })
        .call(getBalance)
        .then(({ balanceInCents }) => balanceInCents)
        .catch(() => undefined);
      // A 401 clears the login cookie inside the client (spec section 4).
      const player = await createApiClient({ backend: "shop", cookies: env }).call(getPlayerDetails);
      set({ status: "player", player, balanceInCents: await balance });
    } catch (error) {
      set(
        error instanceof ApiError && error.status === 401 ? { status: "notLoggedIn" } : { status: "error" },
      );
    }
  } catch {
    set({ status: "error" });
  }
}

export function markLoggingOut(): void {
  set({ status: "loggingOut", player: state.status === "player" ? state.player : undefined });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The one hook every component uses for the player. */
export function usePlayer(env: PublicEnv): PlayerState {
  useEffect(() => {
    if (started) return;
    started = true;
    void refreshPlayer(env);
  }, [env]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}
