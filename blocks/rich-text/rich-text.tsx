import type { RichTextFields } from "@/content-models/rich-text";
import { RichText } from "@/src/shop/components/rich-text";
import type { BlockComponentProps } from "../block-props";

export default function RichTextBlock({ block }: BlockComponentProps) {
  const props = block.props as RichTextFields;
  return (
    <section className="text-block">
      {props.title ? <h2>{props.title}</h2> : null}
      <RichText document={props.body} />
    </section>
  );
}
