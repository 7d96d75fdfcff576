/**
 * The way to `/klantenservice` where a flow ends with the customer service (issue 43). Apart from the
 * layout's texts (`core.ts`), so only the pages with such a flow carry it.
 */
export const customerService = {
  link: "Naar de klantenservice",
} as const;
