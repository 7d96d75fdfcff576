import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { navigation } from "@/src/lib/messages/core";

/**
 * The shop's main navigation (issue 21, item 4). At narrow widths it collapses behind a "Menu" button: a
 * native `<details>` disclosure, so it opens and closes without JavaScript too and the button tells a screen
 * reader whether it is expanded. With JavaScript, Escape closes it and gives the focus back to the button,
 * and following a link or moving the focus out of it closes it. At wider widths the button is hidden and the links always show (the CSS
 * keeps the disclosure's content visible: `::details-content`).
 */
export function MainMenu({ children }: { children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const location = useLocation();

  // A followed link (a client-side navigation) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname]);

  // Tabbing past the last link (or clicking elsewhere) closes it: an open menu does not cover the page.
  const onBlur = (event: React.FocusEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) event.currentTarget.open = false;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !details.current?.open) return;
    details.current.open = false;
    summary.current?.focus();
  };

  return (
    <details ref={details} className="header__menu" onKeyDown={onKeyDown} onBlur={onBlur}>
      <summary ref={summary} className="header__menu-button">
        {navigation.menu}
      </summary>
      <nav aria-label={navigation.mainMenu} className="header__nav">
        {children}
      </nav>
    </details>
  );
}
