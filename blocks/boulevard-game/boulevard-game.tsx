import { boulevardGame as text } from "@/src/lib/messages";
import { BoulevardGameForm } from "@/src/shop/slices/results/boulevard-game/boulevard-game-form";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: the boulevard game's form, a plain GET to its result page. Content only: the server renders
 * it to HTML once per resolved page (decision 9), so the page carries no code for it and the form works
 * the same before and without hydration.
 */
export default function BoulevardGameBlock({ block }: BlockViewProps<"boulevardGame">) {
  const title = block.props.title ?? text.defaultTitle;
  const headingId = `${block.id}-title`;
  return (
    <section className="boulevard-game" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p>{block.props.text ?? text.intro}</p>
      <BoulevardGameForm label={title} />
    </section>
  );
}
