import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { enqueueJob } from "@/src/backend/db/job-queue/enqueue.server";
import { PUBLISH_PAGE_JOB } from "@/src/backend/db/job-queue/job-names";
import { composerEvents, composerPageStates } from "@/src/backend/db/schema";
import type { PageDocument } from "@/src/contract/composer";

/** Who did what to a page (issue 44: audit log, version history, review and schedule). */
export type EditorRef = { id: string; name: string; role: "redacteur" | "eindredacteur" };

export const PAGE_ACTIONS = {
  created: "aangemaakt",
  saved: "opgeslagen",
  autosaved: "automatisch opgeslagen",
  reviewRequested: "review gevraagd",
  published: "gepubliceerd",
  unpublished: "offline gehaald",
  scheduled: "publicatie gepland",
  scheduleLapsed: "geplande publicatie vervallen: de pagina is na het plannen gewijzigd",
  restored: "versie teruggezet",
} as const;

export function pageEvents(db: Db) {
  return {
    async record(
      pageId: string,
      action: string,
      editor: EditorRef | undefined,
      version?: number,
      snapshot?: PageDocument,
    ) {
      await db.insert(composerEvents).values({
        pageId,
        action,
        editorId: editor?.id ?? null,
        editorName: editor?.name ?? "planning",
        version: version ?? null,
        snapshot: (snapshot as Record<string, unknown> | undefined) ?? null,
      });
    },
    async history(pageId: string) {
      return db
        .select()
        .from(composerEvents)
        .where(eq(composerEvents.pageId, pageId))
        .orderBy(desc(composerEvents.id))
        .limit(100);
    },
    async event(pageId: string, eventId: number) {
      const [row] = await db
        .select()
        .from(composerEvents)
        .where(and(eq(composerEvents.pageId, pageId), eq(composerEvents.id, eventId)))
        .limit(1);
      return row;
    },
    /** The last event of each page: who edited it last, and when. */
    async lastEdits(): Promise<Map<string, { editorName: string; at: Date }>> {
      const rows = await db
        .selectDistinctOn([composerEvents.pageId], {
          pageId: composerEvents.pageId,
          editorName: composerEvents.editorName,
          at: composerEvents.at,
        })
        .from(composerEvents)
        .orderBy(composerEvents.pageId, desc(composerEvents.id));
      return new Map(rows.map((row) => [row.pageId, { editorName: row.editorName, at: row.at }]));
    },
    async states() {
      const rows = await db.select().from(composerPageStates);
      return new Map(rows.map((row) => [row.pageId, row]));
    },
    async requestReview(pageId: string, editor: EditorRef) {
      await db
        .insert(composerPageStates)
        .values({ pageId, reviewRequestedBy: editor.name, reviewRequestedAt: new Date() })
        .onConflictDoUpdate({
          target: composerPageStates.pageId,
          set: { reviewRequestedBy: editor.name, reviewRequestedAt: sql`now()` },
        });
    },
    /** The page's schedule, and the job that publishes it (decision 13) at its version. */
    async schedule(pageId: string, version: number, at: Date, editor: EditorRef) {
      await enqueuePublication(db, pageId, version, at);
      await db
        .insert(composerPageStates)
        .values({ pageId, scheduledFor: at, scheduledBy: editor.name })
        .onConflictDoUpdate({
          target: composerPageStates.pageId,
          set: { scheduledFor: at, scheduledBy: editor.name },
        });
    },
    /** A publish or unpublish settles the review request and any schedule. */
    async settle(pageId: string) {
      await db.delete(composerPageStates).where(eq(composerPageStates.pageId, pageId));
    },
  };
}
export type PageEvents = ReturnType<typeof pageEvents>;

function enqueuePublication(db: Db, pageId: string, version: number, at: Date) {
  return enqueueJob(db, {
    name: PUBLISH_PAGE_JOB,
    payload: { pageId, version },
    runAt: at,
    key: `${PUBLISH_PAGE_JOB}:${pageId}:${version}:${at.toISOString()}`,
    maxAttempts: 3,
  });
}
