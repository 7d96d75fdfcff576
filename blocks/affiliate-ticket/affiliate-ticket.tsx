import { useSearchParams } from "react-router";
import { normalisePartnerCode } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { affiliateMessages, affiliatePage as text } from "@/src/lib/messages";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: a partner's offer (issue 17). It says what the partner offers, until when and how often, and
 * posts to `/partnerlot`, which checks the offer for the partner (the page's white-label host, or the
 * partner code in this page's address, passed on here) and keeps the flow while the visitor logs in or
 * registers. A plain form post: it works without JavaScript.
 */
export default function AffiliateTicketBlock({ block }: BlockViewProps<"affiliateTicket">) {
  const { props } = block;
  const [search] = useSearchParams();
  const partnerCode = normalisePartnerCode(search.get("partner") ?? "");
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
        {text.until(formatDate(new Date(Date.parse(props.endDate) - 1)))} {text.perPlayer(props.maxPerPlayer)}
      </p>
      {ended ? (
        <p role="status">{affiliateMessages.ended}</p>
      ) : (
        <form method="post" action="/partnerlot" aria-label={headline}>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="pageId" value={props.pageId} />
          {partnerCode ? <input type="hidden" name="partner" value={partnerCode} /> : null}
          <button type="submit" className="button">
            {text.start}
          </button>
        </form>
      )}
    </section>
  );
}
