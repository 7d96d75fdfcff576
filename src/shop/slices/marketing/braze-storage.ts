/** Braze's own keys in this browser: `ab.*` in local storage and cookies (its SDK's prefix). */
export function clearBrazeStorage(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith("ab.")) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing of it can be there either.
  }
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring Braze's cookies is the only way to remove them
    if (name?.startsWith("ab.")) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
