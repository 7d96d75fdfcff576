import type { SectionFields } from "@/content-models/section";
import { BlockList } from "@/src/cms/render/block-view";
import type { BlockComponentProps } from "../registry";

export default function Section({ block }: BlockComponentProps) {
  const props = block.props as Omit<SectionFields, "blocks">;
  return (
    <section className={`section section--${props.background ?? "none"}`}>
      {props.title ? <h2>{props.title}</h2> : null}
      <BlockList blocks={block.children ?? []} />
    </section>
  );
}
