import type { MarkdownTextFields } from "@/content-models/markdown-text";
import type { BlockComponentProps } from "../block-props";

/** The HTML comes from the server loader (markdown-it never ships to the browser, spec section 5). */
export default function MarkdownText({ block }: BlockComponentProps) {
  const props = block.props as Omit<MarkdownTextFields, "body">;
  const html = (block.data as { html?: string } | undefined)?.html ?? "";
  return (
    <section className="text-block">
      {props.title ? <h2>{props.title}</h2> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by markdown.server.ts with its link rules and HTML allow-list */}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
