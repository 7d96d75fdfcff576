import type { UspListFields } from "@/content-models/usp-list";
import type { BlockComponentProps } from "../block-props";

export default function UspList({ block }: BlockComponentProps) {
  const props = block.props as UspListFields;
  return (
    <section className="usp-list">
      {props.title ? <h2>{props.title}</h2> : null}
      <ul>
        {props.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
