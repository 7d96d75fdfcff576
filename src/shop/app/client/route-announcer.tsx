import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A client-side navigation is not silent (issue 43, WCAG 2.4.3 and 4.1.3): a screen reader hears the new
 * page's title from a live region, and the keyboard's focus moves to the page's heading, where a reader of
 * a freshly loaded page would start. A page that has put the focus somewhere in its content itself (an
 * error summary, a field) keeps it. The first page is the browser's own load, announced by the browser.
 *
 * Effects only, loaded after the page (decision 16): the region is made when the code arrives, long before
 * a player follows a link, so screen readers know it before it speaks.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const region = useRef<HTMLElement | null>(null);
  const shown = useRef(pathname);

  useEffect(() => {
    const element = document.createElement("p");
    element.className = "visually-hidden";
    element.setAttribute("aria-live", "polite");
    element.setAttribute("aria-atomic", "true");
    element.dataset.routeAnnouncer = "";
    document.body.append(element);
    region.current = element;
    return () => element.remove();
  }, []);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    announceNewPage(region.current);
  }, [pathname]);
  return null;
}

/** Says the page's title and moves the focus to its heading, unless the page's content holds the focus. */
function announceNewPage(region: HTMLElement | null): void {
  const main = document.querySelector("main");
  const active = document.activeElement;
  const heading = main?.querySelector<HTMLElement>("h1");
  if (heading && !(active && active !== document.body && main?.contains(active))) {
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
  if (region) region.textContent = document.title;
}
