import { Link } from "react-router";
import type { AffiliateQuote } from "@/src/contract/affiliate-tickets";
import { withinLimit } from "@/src/domain/affiliate-tickets/affiliate-rules";
import { formatDate, formatEuroCents, formatLastDay } from "@/src/lib/format";
import {
  affiliateMessages,
  checkout,
  drawInSentence,
  errorPage,
  affiliatePage as text,
} from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { PaymentPending } from "@/src/shop/app/components/payment-pending";
import { usePollWhilePending } from "@/src/shop/app/lib/use-poll-while-pending";
import { FormToken } from "@/src/shop/components/form-token";
import { IssuedTicketList } from "@/src/shop/components/issued-ticket-list";
import type { Route } from "../+types/affiliate-ticket";

export function AffiliateTicketPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { offer } = loaderData;
  const order = offer?.order;
  usePollWhilePending(order?.status === "pending");
  if (!offer) {
    return (
      <PageFrame title={text.title}>
        <p role="alert">{actionData?.error ?? loaderData.error}</p>
        <p>
          <Link to="/">{errorPage.homeButton}</Link>
        </p>
      </PageFrame>
    );
  }
  if (order?.status === "paid") {
    const first = order.tickets[0];
    const draw = order.draws.find((candidate) => candidate.drawId === first?.drawId);
    const millionGame = first?.productType === "MillionGame";
    const where = draw ? drawInSentence(draw.name, formatDate(draw.drawDate), millionGame) : "";
    return (
      <PageFrame title={text.claimedTitle}>
        <p role="status">{text.claimed(first?.number ?? "", where)}</p>
        <IssuedTicketList draws={order.draws} tickets={order.tickets} heading={checkout.ticketNumbers} />
        <p>
          <Link to="/mijn/loten">{text.toMyTickets}</Link>
        </p>
      </PageFrame>
    );
  }
  if (order?.status === "pending") {
    return (
      <PageFrame title={text.title} intro={text.pending}>
        <PaymentPending checking={checkout.checking} />
      </PageFrame>
    );
  }
  const { quote } = offer;
  const full = quote.taken !== null && !withinLimit(quote, quote.taken);
  const error = actionData?.error ?? (order ? text.notPaid : undefined);
  return (
    <PageFrame title={text.title}>
      <OfferSummary quote={quote} />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!offer.loggedIn ? (
        <>
          <p>{text.loginIntro}</p>
          <p className="portal-form__actions">
            <a className="button" href={offer.register}>
              {text.register}
            </a>{" "}
            <a className="button button--secondary" href={offer.login}>
              {text.login}
            </a>
          </p>
        </>
      ) : full ? (
        <p role="status">{affiliateMessages.limitReached(quote.maxPerPlayer)}</p>
      ) : (
        <form method="post" action={`/partnerlot?lot=${offer.storeId}`} aria-label={text.title}>
          <FormToken token={offer.token} />
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="pageId" value={quote.pageId} />
          <input type="hidden" name="transactionId" value={offer.transactionId} />
          <button type="submit" className="button">
            {quote.priceInCents === 0 ? text.claimFree : text.pay(formatEuroCents(quote.priceInCents))}
          </button>
        </form>
      )}
    </PageFrame>
  );
}

function OfferSummary({ quote }: { quote: AffiliateQuote }) {
  const free = quote.priceInCents === 0;
  return (
    <div className="affiliate-ticket card">
      <p className="affiliate-ticket__offer">
        <strong>
          {free
            ? text.free(quote.product, quote.partnerName)
            : text.priced(quote.product, quote.partnerName, formatEuroCents(quote.priceInCents))}
        </strong>
      </p>
      <p>
        {text.draw(
          drawInSentence(quote.draw.name, formatDate(quote.draw.drawDate), quote.product === "MILLION_GAME"),
        )}
      </p>
      <p>
        {text.normalPrice(formatEuroCents(quote.normalPriceInCents))}{" "}
        {text.until(formatLastDay(quote.endsAt))} {text.perPlayer(quote.maxPerPlayer)}
      </p>
      {quote.taken !== null && quote.taken > 0 ? <p>{text.taken(quote.taken, quote.maxPerPlayer)}</p> : null}
    </div>
  );
}
