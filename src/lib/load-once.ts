/**
 * A chunk (or any value) loaded once: every caller shares the one load in flight, and the value is at
 * hand synchronously once it has arrived. A load that fails is forgotten, so a later call tries again
 * (a network blip, or a reload that brings the chunk back).
 */
export type LoadOnce<T> = {
  /** The loaded value, or undefined while it has not arrived. */
  current(): T | undefined;
  load(): Promise<T>;
};

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let inFlight: Promise<T> | undefined;
  return {
    current: () => value,
    load() {
      if (!inFlight) {
        const promise = load().then((loaded) => {
          value = loaded;
          return loaded;
        });
        promise.catch(() => {
          if (inFlight === promise) inFlight = undefined;
        });
        inFlight = promise;
      }
      return inFlight;
    },
  };
}

/** `loadOnce` per key (a block type's chunk). */
export function loadOncePerKey<T>(load: (key: string) => Promise<T>): (key: string) => LoadOnce<T> {
  const byKey = new Map<string, LoadOnce<T>>();
  return (key) => {
    let entry = byKey.get(key);
    if (!entry) {
      entry = loadOnce(() => load(key));
      byKey.set(key, entry);
    }
    return entry;
  };
}
