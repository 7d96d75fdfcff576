/**
 * Waits until `check` holds (a throw counts as not yet), polling every `intervalMs`, for tests that wait
 * on another process or connection; fails naming what it waited for.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { attempts = 150, intervalMs = 100 } = {},
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
