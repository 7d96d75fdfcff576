import type { AffiliateTicketFields } from "@/content-models/affiliate-ticket";
import { formatEuroCents, formatLastDay } from "@/src/lib/format";
import { affiliateMessages, affiliatePage as text } from "@/src/lib/messages";
import { type PartnerOfferAccess, usePartnerOffer } from "@/src/shop/slices/affiliate-tickets/partner-offers";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: a partner's offer (issue 17). It says what the partner offers, until when and how often, and
 * posts to `/partnerlot`, which checks the offer for the partner (the page's white-label host, or the
 * partner code in this page's address, passed on here) and keeps the flow while the visitor logs in or
 * registers. A plain form post: it works without JavaScript. Reached without its partner (the server
 * decides, as the API would: issue 43) it explains how to get the offer instead of offering it.
 */
export default function AffiliateTicketBlock({ block }: BlockViewProps<"affiliateTicket">) {
  const { props } = block;
  const access = usePartnerOffer(props.pageId);
  const ended = Date.parse(props.endDate) <= Date.now();
  const headline =
    props.priceInCents === 0
      ? text.free(props.product, props.partnerName)
      : text.priced(props.product, props.partnerName, formatEuroCents(props.priceInCents));
  return (
    <section className="affiliate-ticket card" aria-labelledby={`affiliate-${props.pageId}`}>
      <h2 id={`affiliate-${props.pageId}`}>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      <p className="affiliate-ticket__offer">
        <strong>{headline}</strong>
      </p>
      <p>
        {text.until(formatLastDay(props.endDate))} {text.perPlayer(props.maxPerPlayer)}
      </p>
      {ended ? (
        <p role="status">{affiliateMessages.ended}</p>
      ) : access.open ? (
        <form method="post" action="/partnerlot" aria-label={headline}>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="pageId" value={props.pageId} />
          {access.partnerCode ? <input type="hidden" name="partner" value={access.partnerCode} /> : null}
          <button type="submit" className="button">
            {text.start}
          </button>
        </form>
      ) : (
        <OfferElsewhere props={props} access={access} />
      )}
    </section>
  );
}

/** How to get the offer: through the partner's own link or site, which names the partner to us. */
function OfferElsewhere({
  props,
  access,
}: {
  props: AffiliateTicketFields;
  access: Extract<PartnerOfferAccess, { open: false }>;
}) {
  return (
    <div className="affiliate-ticket__elsewhere">
      <p>
        {props.partnerHost
          ? text.byHostElsewhere(props.partnerName)
          : text.byCodeElsewhere(props.partnerName)}
      </p>
      {access.partnerSite ? (
        <p>
          <a href={access.partnerSite} className="button button--secondary">
            {text.toPartnerSite(props.partnerName)}
          </a>
        </p>
      ) : null}
    </div>
  );
}
