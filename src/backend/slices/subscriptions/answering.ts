import { HttpProblem } from "@/src/backend/http/problem-error";
import { ContentUnavailableError } from "@/src/lib/content-unavailable";

/**
 * Runs a subscription feature call; its refusals (SubscriptionError) the router answers. The CMS holds the
 * pages' promotions, upsells and retention offers: while it is out of reach nothing is priced yet (503).
 */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ContentUnavailableError) throw new HttpProblem(503);
    throw error;
  }
}
