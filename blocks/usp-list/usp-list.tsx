import type { BlockViewProps } from "../block-view-props";

export default function UspList({ block }: BlockViewProps<"uspList">) {
  const { props } = block;
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
