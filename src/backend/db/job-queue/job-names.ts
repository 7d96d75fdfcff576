/**
 * Names of jobs that more than one part of the shop queues (decision 13): the job runner (`src/backend/jobs`)
 * binds their handlers, and features queue them in their own transactions.
 */

/** Pays a published draw's winning online tickets (issue 16); safe to run again at any time. */
export const PAY_PRIZES_JOB = "pay-prizes";

/** Publishes a page an eindredacteur scheduled in the composer (issue 44) at its time. */
export const PUBLISH_PAGE_JOB = "publish-page";
