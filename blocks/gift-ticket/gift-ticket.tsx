import type { GiftTicketFields } from "@/content-models/gift-ticket";
import { cms } from "@/src/lib/messages";
import { GiftForm, RedeemForm } from "@/src/shop/slices/gift-tickets/gift-form";
import { isPriceDetails } from "@/src/shop/slices/tickets/configurator/configurator-model";
import type { BlockComponentProps } from "../block-props";

/**
 * CMS block: give a ticket as a present and redeem one (issue 17). Server-rendered from the draws on sale
 * its loader found; both forms are plain posts, so the block works without JavaScript.
 */
export default function GiftTicketBlock({ block }: BlockComponentProps) {
  const props = block.props as GiftTicketFields;
  if (!isPriceDetails(block.data)) return <p className="block-error">{cms.blockFailed}</p>;
  return (
    <section className="gift-ticket" aria-labelledby={`gift-${props.pageId}`}>
      <h2 id={`gift-${props.pageId}`}>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      <GiftForm pageId={props.pageId} draws={block.data.draws} fractions={props.fractions} />
      <RedeemForm />
    </section>
  );
}
