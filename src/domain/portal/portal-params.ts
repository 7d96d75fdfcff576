import type { RedirectTargetOptions } from "./redirect-target";

/** The portal's query parameters (spec section 2), with redirect targets already made safe. */
export type PortalParams = {
  returnUrl: string;
  cancelUrl?: string;
  regVertical?: string;
  skipCompletionFlow: boolean;
  query: string;
  /** What the browser checks `returnUrl` against again before it goes there (safeRedirectTarget). */
  redirectTargets: RedirectTargetOptions;
};
