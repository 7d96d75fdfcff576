import type { BlockViewProps } from "../block-view-props";

/** The HTML comes from the server loader (markdown-it never ships to the browser, spec section 5). */
export default function MarkdownText({ block }: BlockViewProps<"markdownText">) {
  const { props, data } = block;
  return (
    <section className="text-block">
      {props.title ? <h2>{props.title}</h2> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by markdown.server.ts with its link rules and HTML allow-list */}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: data.html }} />
    </section>
  );
}
