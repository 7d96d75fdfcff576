import { RichText } from "@/src/shop/components/rich-text";
import type { BlockViewProps } from "../block-view-props";

type TextNode = { nodeType: string; value?: string; content?: TextNode[] };

/** The plain text of a rich-text document, paragraphs separated by a space. */
function plainText(node: TextNode): string {
  if (node.nodeType === "text") return node.value ?? "";
  return (node.content ?? []).map(plainText).join(node.nodeType === "document" ? " " : "");
}

/** FAQ with FAQPage structured data for search engines. */
export default function Faq({ block }: BlockViewProps<"faq">) {
  const { props } = block;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: props.questions.map(({ fields }) => ({
      "@type": "Question",
      name: fields.question,
      acceptedAnswer: { "@type": "Answer", text: plainText(fields.answer as TextNode) },
    })),
  };
  return (
    <section className="faq">
      {props.title ? <h2>{props.title}</h2> : null}
      {props.questions.map(({ id, fields }) => (
        <details key={id} className="faq__item">
          <summary>{fields.question}</summary>
          <RichText document={fields.answer} />
        </details>
      ))}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD data, `<` escaped
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, "\\u003c") }}
      />
    </section>
  );
}
