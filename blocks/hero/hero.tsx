import type { HeroFields } from "@/content-models/hero";
import { SmartLink } from "@/src/shop/components/smart-link";
import type { BlockComponentProps } from "../block-props";

/** The opening block: its title is the page heading (CmsPageView adds one when a page has no hero first). */
export default function Hero({ block }: BlockComponentProps) {
  const props = block.props as HeroFields;
  return (
    <section className="hero">
      <div className="hero__text">
        <h1 className="hero__title">{props.title}</h1>
        {props.text ? <p>{props.text}</p> : null}
        {props.ctaLabel && props.ctaPath ? (
          <SmartLink to={props.ctaPath} className="button">
            {props.ctaLabel}
          </SmartLink>
        ) : null}
      </div>
      {props.image ? (
        <img
          className="hero__image"
          src={props.image.url}
          alt={props.image.description || props.image.title}
          width={props.image.width}
          height={props.image.height}
          // The hero opens the page: its image is usually the largest paint, so it loads with the stylesheet.
          fetchPriority="high"
        />
      ) : null}
    </section>
  );
}
