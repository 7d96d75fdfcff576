import { SmartLink } from "@/src/shop/components/smart-link";
import type { BlockViewProps } from "../block-view-props";

export default function CtaBanner({ block }: BlockViewProps<"ctaBanner">) {
  const { props } = block;
  return (
    <section className={`cta-banner cta-banner--${props.variant ?? "brand"}`}>
      <h2>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      <SmartLink to={props.buttonPath} className="button">
        {props.buttonLabel}
      </SmartLink>
    </section>
  );
}
