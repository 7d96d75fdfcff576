import type { ResolvedPage } from "@/content-models/resolved";

/**
 * A page's `{path}/_payload.json` (DESIGN section 4): what client-side navigation reads instead of React
 * Router's data request, and what the prerenderer writes beside the HTML. A redirect instead of a page
 * when the page's route rules say so.
 */
export type PagePayload = {
  buildId: string;
  page?: ResolvedPage;
  /** The chunks of the page's blocks with their imports, for the browser to preload as it renders them. */
  chunks?: string[];
  redirect?: { to: string; permanent: boolean };
};
