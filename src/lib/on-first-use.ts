/**
 * A value made on first use. For `Intl` formatters: building one loads locale and time-zone data, tens of
 * milliseconds on a slow phone, so a module that makes them at load puts that on every page's start-up
 * whether the page formats anything or not (issue 21, total blocking time).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
