import { Link } from "react-router";
import { GIFT_FRACTIONS } from "@/src/domain/gift-tickets/gift-rules";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { checkout, giftMessages, giftPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { FormToken } from "@/src/shop/components/form-token";
import { GIFT_FIELDS, GiftForm } from "@/src/shop/slices/gift-tickets/gift-form";
import { GIFT_PAGE_ID, giftEditPath } from "@/src/shop/slices/gift-tickets/gift-page";
import type { Route } from "../+types/gift-give";

export function GiftGivePage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  if (actionData?.intent === "give") {
    return (
      <PageFrame title={text.giveTitle}>
        <GiftForm
          pageId={GIFT_PAGE_ID}
          draws={actionData.draws ?? []}
          fractions={actionData.fractions ?? [...GIFT_FRACTIONS]}
          values={actionData.values}
          errors={actionData.errors}
          formError={actionData.formError}
        />
      </PageFrame>
    );
  }
  const { stored, storeId, token, balanceInCents, transactionId } = loaderData;
  if (!stored) {
    return (
      <PageFrame title={text.payTitle} intro={giftMessages.storeNotFound}>
        <Link to={`/${GIFT_PAGE_ID}`}>{text.giveTitle}</Link>
      </PageFrame>
    );
  }
  const { quote } = stored;
  if (loaderData.draws) {
    // The kept gift in its form, filled in as the giver left it; sending it changes the same gift.
    return (
      <PageFrame title={text.giveTitle}>
        <GiftForm
          pageId={stored.pageId}
          draws={loaderData.draws}
          fractions={loaderData.fractions ?? [...GIFT_FRACTIONS]}
          values={{
            storeId,
            drawId: String(quote.choice.drawId),
            fraction: quote.choice.fraction,
            recipientName: quote.choice.recipientName,
            recipientEmail: quote.choice.recipientEmail,
            message: quote.choice.message,
            sendOn: quote.choice.sendOn,
          }}
        />
      </PageFrame>
    );
  }
  const price = formatEuroCents(quote.priceInCents);
  return (
    <PageFrame title={text.payTitle} intro={text.payIntro}>
      <GiftSummary quote={quote} price={price} />
      <form method="post" className="portal-form checkout" aria-label={text.payTitle}>
        <FormToken token={token} />
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name={GIFT_FIELDS.storeId} value={storeId} />
        <input type="hidden" name={GIFT_FIELDS.pageId} value={stored.pageId} />
        <input type="hidden" name="transactionId" value={transactionId} />
        {actionData?.formError ? (
          <p className="form-error" role="alert">
            {actionData.formError}
          </p>
        ) : null}
        <PaymentMethods balanceInCents={balanceInCents} priceInCents={quote.priceInCents} />
        <p className="checkout__actions">
          <Link to={giftEditPath(storeId)}>{text.change}</Link>
          <button type="submit" className="button">
            {text.pay(price)}
          </button>
        </p>
      </form>
    </PageFrame>
  );
}

type Quote = NonNullable<Route.ComponentProps["loaderData"]["stored"]>["quote"];

/** The gift as the giver chose it, before paying. */
function GiftSummary({ quote, price }: { quote: Quote; price: string }) {
  return (
    <dl className="details">
      <dt>{text.summaryTicket}</dt>
      <dd>{quote.choice.fraction === "WHOLE" ? text.whole(price) : text.fifth(price)}</dd>
      <dt>{text.summaryDraw}</dt>
      <dd>
        {quote.draw.name} ({formatDate(quote.draw.drawDate)})
      </dd>
      <dt>{text.summaryRecipient}</dt>
      <dd>
        {quote.choice.recipientName} ({quote.choice.recipientEmail})
      </dd>
      <dt>{text.summarySendOn}</dt>
      <dd>{formatDate(quote.choice.sendOn)}</dd>
      {quote.choice.message ? (
        <>
          <dt>{text.summaryMessage}</dt>
          <dd>{quote.choice.message}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** iDEAL, credit card, and the balance when it covers the gift. */
function PaymentMethods({
  balanceInCents,
  priceInCents,
}: {
  balanceInCents: number | undefined;
  priceInCents: number;
}) {
  return (
    <fieldset className="checkout__methods">
      <legend>{checkout.paymentMethod}</legend>
      <label>
        <input type="radio" name="paymentMethod" value="ideal" defaultChecked /> {checkout.ideal}
      </label>
      <label>
        <input type="radio" name="paymentMethod" value="creditcard" /> {checkout.creditcard}
      </label>
      {balanceInCents !== undefined && balanceInCents >= priceInCents ? (
        <label>
          <input type="radio" name="paymentMethod" value="balance" />{" "}
          {checkout.balance(formatEuroCents(balanceInCents))}
        </label>
      ) : null}
    </fieldset>
  );
}
