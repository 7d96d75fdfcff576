import { SmartLink } from "@/src/shop/components/smart-link";
import type { BlockViewProps } from "../block-view-props";

/** The opening block: its title is the page heading (CmsPageView adds one when a page has no hero first). */
export default function Hero({ block }: BlockViewProps<"hero">) {
  const { props } = block;
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
