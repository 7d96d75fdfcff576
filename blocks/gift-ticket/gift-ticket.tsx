import { GiftForm, RedeemForm } from "@/src/shop/slices/gift-tickets/gift-form";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: give a ticket as a present and redeem one (issue 17). Server-rendered from the draws on sale
 * its loader found; both forms are plain posts, so the block works without JavaScript.
 */
export default function GiftTicketBlock({ block }: BlockViewProps<"giftTicket">) {
  const { props } = block;
  return (
    <section className="gift-ticket" aria-labelledby={`gift-${props.pageId}`}>
      <h2 id={`gift-${props.pageId}`}>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      <GiftForm pageId={props.pageId} draws={block.data.draws} fractions={props.fractions} />
      <RedeemForm />
    </section>
  );
}
