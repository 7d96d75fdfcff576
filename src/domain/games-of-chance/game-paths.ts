/** Where a game is entered: the block links there, and its forms post there. */
export function gameEntryPath(pageId: string): string {
  return `/winactie/${encodeURIComponent(pageId)}`;
}

/** The personal link of an e-mail: the game's page id and the link's signed data. */
export function gameLinkPath(pageId: string, data: string): string {
  return `${gameEntryPath(pageId)}/link?${new URLSearchParams({ data })}`;
}
