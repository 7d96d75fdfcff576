import { randomBytes } from "node:crypto";
import { composerPageTexts as say } from "@/src/lib/messages/composer-pages";
import type { EditorialContentStore, StoredEntry } from "./stores/content-store";

const REDIRECT = "redirect";

/** The fields players see of a redirect entry (its published ones), if it is published. */
function live(entry: StoredEntry): { from: string; to: string } | undefined {
  const fields = entry.publishedFields;
  if (!fields || entry.publishedVersion === undefined) return undefined;
  return { from: String(fields.from ?? ""), to: String(fields.to ?? "") };
}

/**
 * The redirects a moved page leaves (issue 44: "a changed path leaves a redirect from the old one"), kept
 * through the store interface so they work on the local files and in Contentful alike:
 *
 * - the page's old path redirects permanently to its new one: the redirect from the old path is updated
 *   when there is one (published or not), else a new one is made;
 * - redirects to the old path now point at the new one, so A→B then B→C leaves A→C and no chain;
 * - a published redirect from the new path would shadow the page (or loop back to it): it is taken offline.
 *   Saving a path that a redirect takes is refused unless that redirect leads to this very page (see
 *   `path-check.ts`), so the one taken offline here is always one this page left when it moved away.
 *
 * Returns what it did, in the Dutch of the page's history.
 */
export async function redirectsAfterPublish(
  store: EditorialContentStore,
  move: { from: string | undefined; to: string },
): Promise<string[]> {
  const notes: string[] = [];
  const redirects = await store.listEntries({ contentType: REDIRECT });
  for (const entry of redirects) {
    if (live(entry)?.from !== move.to) continue;
    await store.unpublishEntry(entry.id, entry.version);
    notes.push(say.redirectRemoved(move.to));
  }
  const oldPath = move.from;
  if (!oldPath || oldPath === move.to) return notes;
  for (const entry of redirects) {
    const rule = live(entry);
    if (!rule || rule.to !== oldPath || rule.from === move.to || rule.from === oldPath) continue;
    await setRedirect(store, entry, { ...entry.fields, from: rule.from, to: move.to });
    notes.push(say.redirectUpdated(rule.from, move.to));
  }
  const fromOld = redirects.find((entry) =>
    [entry.fields.from, entry.publishedFields?.from].includes(oldPath),
  );
  const fields = { from: oldPath, to: move.to, permanent: true };
  if (fromOld) await setRedirect(store, fromOld, fields);
  else {
    const created = await store.createEntry({ id: redirectId(oldPath), contentType: REDIRECT, fields });
    await store.publishEntry(created.id, created.version);
  }
  notes.push(say.redirectCreated(oldPath, move.to));
  return notes;
}

/** Saves a redirect's fields (a fresh copy of the entry, as the chain step may have written it) and publishes. */
async function setRedirect(
  store: EditorialContentStore,
  entry: StoredEntry,
  fields: Record<string, unknown>,
) {
  const current = (await store.getEntry(entry.id)) ?? entry;
  const saved = await store.updateEntry(entry.id, fields, current.version);
  await store.publishEntry(entry.id, saved.version);
}

function redirectId(path: string): string {
  const slug =
    path
      .replace(/^\//, "")
      .replace(/[^a-z0-9-]+/g, "-")
      .slice(0, 40) || "home";
  return `redirect-${slug}-${randomBytes(3).toString("hex")}`;
}
