import type { SectionFields } from "@/content-models/section";
import type { BlockComponentProps } from "../block-props";

/** Groups blocks on a background; its nested blocks come rendered as `children` (the registry nests them). */
export default function Section({ block, children }: BlockComponentProps) {
  const props = block.props as Omit<SectionFields, "blocks">;
  return (
    <section className={`section section--${props.background ?? "none"}`}>
      {props.title ? <h2>{props.title}</h2> : null}
      {children}
    </section>
  );
}
