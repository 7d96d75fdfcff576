/** The fragment a promotion's sign-up adds to the offer it continues to: the funnel's lead (issue 20). */
export const LEAD_FRAGMENT = /^#aangemeld=([a-z0-9]+(?:-[a-z0-9]+)*)$/;

export function withLeadFragment(redirectUrl: string, pageId: string): string {
  return `${redirectUrl.split("#")[0]}#aangemeld=${pageId}`;
}
