import { RichText } from "@/src/shop/components/rich-text";
import type { BlockViewProps } from "../block-view-props";

export default function RichTextBlock({ block }: BlockViewProps<"richText">) {
  const { props } = block;
  return (
    <section className="text-block">
      {props.title ? <h2>{props.title}</h2> : null}
      <RichText document={props.body} />
    </section>
  );
}
