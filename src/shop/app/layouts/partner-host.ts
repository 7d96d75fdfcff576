/**
 * What a partner's white-label host shows (issue 40). Its home is the partner's landing page, the CMS page
 * `/partner/{theme}`; it shows the shop's own pages (those without a theme) in the partner's layout, and its
 * own pages, but never another partner's page and branding: that one is on the shop's own host.
 */

/** The landing page of the partner host with this theme. */
export function partnerLandingPath(hostTheme: string): string {
  return `/partner/${hostTheme}`;
}

/** Whether a page with `pageTheme` may be shown on a host with `hostTheme` (none: the shop's own host). */
export function pageBelongsOnHost(hostTheme: string | undefined, pageTheme: string | undefined): boolean {
  return !hostTheme || !pageTheme || pageTheme === hostTheme;
}
