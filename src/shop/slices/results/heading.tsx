import type { ReactNode } from "react";

/** The levels the results' headings take: under a page's h1, a block's h2 or a section's h3. */
export type HeadingLevel = 2 | 3 | 4 | 5;

/** A heading whose level follows where its section is placed. */
export function Heading({ level, id, children }: { level: HeadingLevel; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag id={id}>{children}</Tag>;
}
