import { SmartLink } from "@/src/shop/components/smart-link";
import type { BlockViewProps } from "../block-view-props";

export default function ImageBlock({ block }: BlockViewProps<"image">) {
  const { props } = block;
  const image = (
    <img
      src={props.image.url}
      alt={props.image.description || props.image.title}
      width={props.image.width}
      height={props.image.height}
      loading="lazy"
    />
  );
  return (
    <figure className="image-block">
      {props.link ? <SmartLink to={props.link}>{image}</SmartLink> : image}
      {props.caption ? <figcaption>{props.caption}</figcaption> : null}
    </figure>
  );
}
