import { cms } from "@/src/lib/messages";
import { SmartLink } from "@/src/shop/components/smart-link";
import type { BlockViewProps } from "../block-view-props";

export default function CardGrid({ block }: BlockViewProps<"cardGrid">) {
  const { props } = block;
  return (
    // The grid and its cards name their items for the funnel (read by the CMS page; issue 20).
    <section className="card-grid" data-item-list={block.id} data-item-list-name={props.title}>
      {props.title ? <h2>{props.title}</h2> : null}
      <ul className="card-grid__list">
        {props.cards.map(({ id, fields: card }) => (
          <li
            key={id}
            className="card"
            data-item-id={id}
            data-item-name={card.title}
            data-item-variant={card.linkPath}
          >
            {card.image ? (
              <img
                src={card.image.url}
                alt=""
                width={card.image.width}
                height={card.image.height}
                loading="lazy"
              />
            ) : null}
            <h3>{card.title}</h3>
            {card.text ? <p>{card.text}</p> : null}
            <SmartLink to={card.linkPath} className="card__link">
              {card.linkLabel ?? cms.readMore}
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
