import type { CtaBannerFields } from "@/content-models/cta-banner";
import { SmartLink } from "@/src/shop/components/smart-link";
import type { BlockComponentProps } from "../block-props";

export default function CtaBanner({ block }: BlockComponentProps) {
  const props = block.props as CtaBannerFields;
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
