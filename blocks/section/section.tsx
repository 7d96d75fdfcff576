import type { BlockViewProps } from "../block-view-props";

/** Groups blocks on a background; its nested blocks come rendered as `children` (the registry nests them). */
export default function Section({ block, children }: BlockViewProps<"section">) {
  const { props } = block;
  return (
    <section className={`section section--${props.background ?? "none"}`}>
      {props.title ? <h2>{props.title}</h2> : null}
      {children}
    </section>
  );
}
