import type { MarkdownTextFields } from "@/content-models/markdown-text";
import { renderMarkdown } from "@/src/lib/markdown.server";

/**
 * Markdown becomes HTML here so markdown-it never reaches a client bundle. The block is server-rendered
 * (decision 9), so neither its source nor this HTML is sent as data: the page carries its markup only.
 */
export async function loadMarkdownText(props: MarkdownTextFields): Promise<{ html: string }> {
  return { html: renderMarkdown(props.body) };
}
