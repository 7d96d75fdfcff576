import { ActionCodeForm } from "@/src/shop/slices/action-codes/action-code-form";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: enter a campaign's action code (issue 18). The form posts to `/actie/aanbod`, which asks a
 * visitor to log in first, activates the code and shows the offer it unlocks.
 */
export default function ActionCodeBlock({ block }: BlockViewProps<"actionCode">) {
  const { props } = block;
  return (
    <section className="action-code card" aria-labelledby={`action-code-title-${props.pageId}`}>
      <h2 id={`action-code-title-${props.pageId}`}>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      <ActionCodeForm pageId={props.pageId} label={props.title} />
    </section>
  );
}
