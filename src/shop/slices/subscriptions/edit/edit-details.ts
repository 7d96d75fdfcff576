import type { EndpointOutput } from "@/src/contract/define";
import type { getSubscriptionChangeDetails } from "@/src/contract/subscription-changes";

/** What the edit page's loader read: the subscription's items, the catalogue and the effective draw. */
export type EditDetails = EndpointOutput<typeof getSubscriptionChangeDetails>;
