import { z } from "zod";
import { PUBLISH_PAGE_JOB } from "@/src/backend/db/job-queue/job-names";
import type { JobHandlers } from "./worker.server";

const PublishPagePayload = z.object({ pageId: z.string().min(1), version: z.number().int().min(1) });

/** The composer's scheduled publications (issue 44): the page at the version the eindredacteur scheduled. */
export function composerJobHandlers(
  publishPage: (pageId: string, version: number) => Promise<void>,
): JobHandlers {
  return {
    [PUBLISH_PAGE_JOB]: async (payload) => {
      const { pageId, version } = PublishPagePayload.parse(payload);
      await publishPage(pageId, version);
    },
  };
}
