/** The portal's query parameters (spec section 2), with redirect targets already made safe. */
export type PortalParams = {
  returnUrl: string;
  cancelUrl?: string;
  regVertical?: string;
  skipCompletionFlow: boolean;
  query: string;
};
