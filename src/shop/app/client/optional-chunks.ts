/**
 * Chunks the shop works without (Braze's SDK, which ad blockers often refuse): while one loads, a failed
 * preload is that chunk's own failure and not a sign of a new build, so the app does not reload for it
 * (`app-runtime.tsx`); the caller gets the error and carries on without it.
 */
let loading = 0;

export async function loadOptionalChunk<T>(load: () => Promise<T>): Promise<T> {
  loading++;
  try {
    return await load();
  } finally {
    loading--;
  }
}

export function optionalChunkLoading(): boolean {
  return loading > 0;
}
