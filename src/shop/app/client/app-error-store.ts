import { useSyncExternalStore } from "react";

/**
 * The shared error state (spec section 2): start-up errors and fatal client errors are recorded here,
 * and the root shows the error page while one is set.
 */
export type AppError = { status: number; message?: string };

let current: AppError | null = null;
const listeners = new Set<() => void>();

export const appErrorStore = {
  get: () => current,
  set(error: AppError | null) {
    current = error;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAppError(): AppError | null {
  return useSyncExternalStore(appErrorStore.subscribe, appErrorStore.get, () => null);
}
