import { and, asc, eq, gt } from "drizzle-orm";
import type { CountdownFields } from "@/content-models/countdown";
import type { MarkdownTextFields } from "@/content-models/markdown-text";
import { renderMarkdown } from "@/src/cms/markdown.server";
import type { BlockLoader } from "@/src/cms/resolve-page.server";
import type { Db } from "@/src/db/database.server";
import { draws } from "@/src/db/schema";
import type { CountdownData } from "./countdown/countdown-data";

/** Server data loaders of the blocks that need one (DESIGN section 4), bound to their data. */
export function createBlockLoaders(db: Db): Partial<Record<string, BlockLoader>> {
  const countdown = async (props: CountdownFields): Promise<CountdownData | undefined> => {
    const [draw] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.gameType, props.gameType ?? "KROON"), gt(draws.salesCloseAt, new Date())))
      .orderBy(asc(draws.salesCloseAt))
      .limit(1);
    return draw
      ? {
          drawName: draw.name,
          drawAt: draw.drawAt.toISOString(),
          salesCloseAt: draw.salesCloseAt.toISOString(),
        }
      : undefined;
  };
  // Markdown becomes HTML here so markdown-it never reaches a client bundle; the source is not sent.
  const markdownText = async (props: MarkdownTextFields) => {
    const html = renderMarkdown(props.body);
    (props as Partial<MarkdownTextFields>).body = undefined;
    return { html };
  };
  return { countdown: countdown as BlockLoader, markdownText: markdownText as BlockLoader };
}
