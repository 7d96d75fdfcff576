import type { MarkdownTextFields } from "@/content-models/markdown-text";
import { renderMarkdown } from "@/src/lib/markdown.server";

/** Markdown becomes HTML here so markdown-it never reaches a client bundle; the source is not sent. */
export async function loadMarkdownText(props: MarkdownTextFields): Promise<{ html: string }> {
  const html = renderMarkdown(props.body);
  (props as Partial<MarkdownTextFields>).body = undefined;
  return { html };
}
