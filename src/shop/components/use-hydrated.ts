import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server render and the hydration render, true after. What only works with JavaScript
 * (a button that adds a row in the browser) waits for it, so a page without JavaScript shows no dead
 * controls, and the server's HTML and the hydration render still match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
