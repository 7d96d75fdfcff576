import type { ReactNode } from "react";

/**
 * A table wider than a narrow screen scrolls sideways inside this region instead of squeezing its words
 * ("Lotnumm/er") or widening the page (WCAG 1.4.10; issue 43). Focusable, so a keyboard player can scroll
 * it with the arrow keys, and named after the table (`label`: its caption or heading), so a screen reader
 * says what the focus landed on.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
