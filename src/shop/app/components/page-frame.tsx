import type { ReactNode } from "react";
import { pageDescriptions } from "@/src/lib/messages/core";

/** The frame every page body shares: a heading, an optional intro and the page's own content. */
export function PageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <article className="page">
      <header className="page__header">
        <h1>{title}</h1>
        {intro ? <p className="page__intro">{intro}</p> : null}
      </header>
      {children}
    </article>
  );
}

/** A page's title and meta description (every page has one: issue 21, item 3). */
export function pageMeta(title: string, description: string = pageDescriptions.default) {
  return [{ title: pageTitle(title) }, { name: "description", content: description }];
}

export function pageTitle(title: string): string {
  return `${title} | Kroonloterij`;
}
