import { abortedApiError } from "./api-error";

export type LatestOnly = {
  <T>(task: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Aborts the call in flight, if any (e.g. when the form unmounts). */
  cancel(): void;
};

/**
 * Keeps only the newest call alive (spec section 7: an upsell or verify call cancels the earlier one, so a
 * slow old answer can never overwrite a newer one). A superseded call rejects with an aborted ApiError, even
 * if its task ignores the signal and settles later.
 */
export function createLatestOnly(): LatestOnly {
  let current: AbortController | undefined;

  function run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const { signal } = controller;

    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(abortedApiError(signal.reason));
      signal.addEventListener("abort", onAbort, { once: true });
      const settle = () => {
        signal.removeEventListener("abort", onAbort);
        if (current === controller) current = undefined;
      };
      let started: Promise<T>;
      try {
        started = task(signal);
      } catch (error) {
        started = Promise.reject(error);
      }
      started.then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  }

  return Object.assign(run, {
    cancel() {
      current?.abort();
      current = undefined;
    },
  });
}
