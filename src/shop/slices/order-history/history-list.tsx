import type { HistoryEntry, OrderHistory } from "@/src/contract/order-history";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { orderHistory as text } from "@/src/lib/messages";
import { FormToken } from "@/src/shop/components/form-token";
import { IssuedTicketList } from "@/src/shop/components/issued-ticket-list";
import { type HistoryPageQuery, historyPageHref } from "./history-query";

/**
 * The player's orders and payments as cards, newest first (a table would not fit a phone): what it was,
 * the amount, when, how it was paid, its state and the number to quote; an order's tickets and a gift's
 * recipient under it. Plain HTML: it works before and without JavaScript.
 */
export function HistoryList({
  history,
  query,
  token,
}: {
  history: OrderHistory;
  query: HistoryPageQuery;
  /** The anti-forgery token of the gift cards' resend form. */
  token: string;
}) {
  if (history.total === 0) {
    const filtered = query.soort !== undefined || query.status !== undefined;
    return (
      <p>
        {filtered ? text.emptyFiltered : text.empty}{" "}
        {filtered ? <a href="/mijn/bestellingen">{text.showAll}</a> : null}
      </p>
    );
  }
  return (
    <>
      <p className="muted">{text.count(history.total)}</p>
      <ol className="history-list" aria-label={text.listLabel}>
        {history.entries.map((entry) => (
          <li key={`${entry.kind}-${entry.id}`}>
            <HistoryCard entry={entry} token={token} />
          </li>
        ))}
      </ol>
      <HistoryPages history={history} query={query} />
    </>
  );
}

function HistoryCard({ entry, token }: { entry: HistoryEntry; token: string }) {
  const isOrder = entry.kind === "tickets" || entry.kind === "gift";
  return (
    <article className={`history-card history-card--${entry.outcome}`}>
      <h2 className="history-card__title">
        <span>{text.kind(entry.kind, entry.gift?.recipientName ?? entry.description)}</span>
        <span className="history-card__amount">{formatEuroCents(entry.amountInCents)}</span>
      </h2>
      <dl className="history-card__facts">
        <dt>{text.date}</dt>
        <dd>{formatDate(entry.at)}</dd>
        {entry.method ? (
          <>
            <dt>{text.method}</dt>
            <dd>{text.methods[entry.method]}</dd>
          </>
        ) : null}
        <dt>{text.status}</dt>
        <dd className="history-card__status">{text.statusText(entry.kind, entry.status)}</dd>
        <dt>{isOrder ? text.orderNumber : text.reference}</dt>
        <dd>{entry.reference}</dd>
      </dl>
      {entry.gift ? <GiftDetails orderId={entry.id} gift={entry.gift} token={token} /> : null}
      {entry.tickets ? (
        <details className="history-card__detail">
          <summary>{text.ticketsSummary(entry.tickets.tickets.length)}</summary>
          <IssuedTicketList draws={entry.tickets.draws} tickets={entry.tickets.tickets} />
        </details>
      ) : null}
    </article>
  );
}

/** Whom a gift is for and when it goes out; a sent, unredeemed gift's e-mail can go again (issue 43). */
function GiftDetails({
  orderId,
  gift,
  token,
}: {
  orderId: string;
  gift: NonNullable<HistoryEntry["gift"]>;
  token: string;
}) {
  return (
    <div className="history-card__detail">
      <p>{text.giftDetails(gift.drawName, formatDate(gift.sendOn))}</p>
      {gift.state === "sent" ? (
        <form method="post" className="history-card__resend">
          <FormToken token={token} />
          <input type="hidden" name="orderId" value={orderId} />
          <p className="form-field__hint">{text.resendGiftHint(gift.recipientName)}</p>
          <button type="submit" className="button button--secondary">
            {text.resendGift}
          </button>
        </form>
      ) : null}
    </div>
  );
}

function HistoryPages({ history, query }: { history: OrderHistory; query: HistoryPageQuery }) {
  if (history.pageCount <= 1) return null;
  const { page, pageCount } = history;
  return (
    <nav className="history-pages" aria-label={text.pagination}>
      {page > 1 ? <a href={historyPageHref(query, page - 1)}>{text.previous}</a> : <span />}
      <span aria-current="page">{text.page(Math.min(page, pageCount), pageCount)}</span>
      {page < pageCount ? <a href={historyPageHref(query, page + 1)}>{text.next}</a> : <span />}
    </nav>
  );
}

/** The selection: a GET form, so the address holds it and Back returns to it. */
export function HistoryFilter({ query }: { query: HistoryPageQuery }) {
  const { alles, ...groups } = text.groups;
  const { alle, ...outcomes } = text.outcomes;
  return (
    <form method="get" action="/mijn/bestellingen" className="history-filter">
      <FilterSelect name="soort" label={text.groupLabel} all={alles} choices={groups} value={query.soort} />
      <FilterSelect
        name="status"
        label={text.outcomeLabel}
        all={alle}
        choices={outcomes}
        value={query.status}
      />
      <button type="submit" className="button button--secondary">
        {text.filter}
      </button>
    </form>
  );
}

/** One of the filter's selects: everything (an empty value), then each choice under its address word. */
function FilterSelect({
  name,
  label,
  all,
  choices,
  value,
}: {
  name: string;
  label: string;
  all: string;
  choices: Record<string, string>;
  value: string | undefined;
}) {
  const id = `history-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {Object.entries(choices).map(([word, choice]) => (
          <option key={word} value={word}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}
