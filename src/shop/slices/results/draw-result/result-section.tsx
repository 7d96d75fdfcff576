import { type ReactNode, useId } from "react";
import { Heading, type HeadingLevel } from "../heading";

/** One titled part of a result (high prizes, end digits, XL), with an optional line of explanation. */
export function ResultSection({
  level,
  title,
  intro,
  children,
}: {
  level: HeadingLevel;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="draw-result__section" aria-labelledby={id}>
      <Heading level={level} id={id}>
        {title}
      </Heading>
      {intro ? <p className="draw-result__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
