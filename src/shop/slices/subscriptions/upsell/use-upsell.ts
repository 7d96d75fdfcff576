import { useEffect, useMemo, useState } from "react";
import type { SubscriptionUpsellFields } from "@/content-models/subscription-upsell";
import {
  applyDrawUpsell,
  applyXlUpsell,
  verifyDrawUpsell,
  verifyXlUpsell,
} from "@/src/contract/subscription-changes";
import { getSubscriptions, type SubscriptionSummary } from "@/src/contract/subscriptions";
import { general } from "@/src/lib/messages";
import type { ApiClients } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { createLatestOnly } from "@/src/shop/client/latest-only";
import { useApiClients } from "@/src/shop/components/api-context";
import {
  type Applied,
  eligibleItems,
  messageOf,
  newTransactionId,
  type Quote,
  type Subscriptions,
  type UpsellKind,
} from "./upsell-model";

/** Whether the login cookie says there is a player (the player store's status, which the block reads). */
export type PlayerStatus = "loading" | "notLoggedIn" | "player" | "error" | "loggingOut";

/**
 * The player's open subscriptions, read in the browser once the login cookie says there is a player (a
 * visitor gets the login state without any API call); the first subscription with eligible items is
 * chosen at once, to show what the upsell costs.
 */
function useOpenSubscriptions(
  clients: ApiClients,
  player: PlayerStatus,
  upsell: UpsellKind,
  choose: (items: number[]) => void,
) {
  const [subscriptions, setSubscriptions] = useState<Subscriptions>({ status: "loading" });
  const { kind, drawKind } = upsell;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `choose` is a state setter's wrapper, read once per answer
  useEffect(() => {
    if (player === "notLoggedIn" || player === "loggingOut") setSubscriptions({ status: "login" });
    if (player === "error") setSubscriptions({ status: "failed", message: general.generic });
    if (player !== "player") return;
    let current = true;
    clients.shop.call(getSubscriptions).then(
      ({ subscriptions: all }) => {
        if (!current) return;
        const open = all.filter((subscription) => subscription.status !== "cancelled");
        setSubscriptions({ status: "ready", subscriptions: open });
        const first = open.find((subscription) => eligibleItems(subscription, { kind, drawKind }).length > 0);
        choose(first ? eligibleItems(first, { kind, drawKind }).map((item) => item.id) : []);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) setSubscriptions({ status: "login" });
        else setSubscriptions({ status: "failed", message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [clients, kind, drawKind, player]);
  return subscriptions;
}

/**
 * Every change of the choice asks the shop what it would cost; a newer call aborts the one in flight.
 * Between a new selection and its call, the last answer belongs to another selection: shown as checking,
 * never confirmed.
 */
function useQuote(
  clients: ApiClients,
  { pageId, kind }: Pick<SubscriptionUpsellFields, "pageId" | "kind">,
  selected: number[],
  applied: Applied | undefined,
  onAsk: () => void,
): Quote {
  const [quote, setQuote] = useState<Quote>({ status: "idle" });
  const latest = useMemo(() => createLatestOnly(), []);
  const selectionKey = selected.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `onAsk` only clears an error message
  useEffect(() => {
    if (applied) return;
    const subscriptionItems = selectionKey ? selectionKey.split(",").map(Number) : [];
    if (subscriptionItems.length === 0) {
      latest.cancel();
      setQuote({ status: "idle" });
      return;
    }
    setQuote({ status: "checking" });
    onAsk();
    const endpoint = kind === "xl" ? verifyXlUpsell : verifyDrawUpsell;
    latest((signal) =>
      clients.shop.call(endpoint, { params: { pageId }, body: { subscriptionItems }, signal }),
    ).then(
      (answer) => setQuote({ status: "quoted", quote: answer, key: selectionKey }),
      (error: unknown) => {
        // A newer choice's call took over: its answer is the one to show.
        if (error instanceof ApiError && error.aborted) return;
        setQuote({ status: "failed", message: messageOf(error) });
      },
    );
  }, [selectionKey, kind, pageId, clients, latest, applied]);
  useEffect(() => () => latest.cancel(), [latest]);
  return quote.status === "quoted" && quote.key !== selectionKey ? { status: "checking" } : quote;
}

/**
 * The upsell of a subscription (issue 15): the player's subscriptions, the chosen items (of one
 * subscription at a time), the shop's quote for them, and the confirm that applies it under a transaction
 * id (the same id again on a retry: the shop answers what it did, or does it once).
 */
export function useUpsell(
  fields: Pick<SubscriptionUpsellFields, "pageId" | "kind" | "drawKind">,
  player: PlayerStatus,
) {
  const { pageId, kind } = fields;
  const clients = useApiClients();
  const [selected, setSelected] = useState<number[]>([]);
  const [transactionId, setTransactionId] = useState(newTransactionId);
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string>();
  const [applied, setApplied] = useState<Applied>();
  const subscriptions = useOpenSubscriptions(clients, player, fields, setSelected);
  const quote = useQuote(clients, fields, selected, applied, () => setApplyError(undefined));

  /** Items of one subscription at a time: choosing one of another starts a new choice there. */
  const toggle = (subscription: SubscriptionSummary, itemId: number, checked: boolean) => {
    const own = new Set(subscription.items.map((item) => item.id));
    const kept = selected.filter((chosen) => own.has(chosen) && chosen !== itemId);
    setSelected(checked ? [...kept, itemId] : kept);
    setTransactionId(newTransactionId());
  };

  const confirm = async () => {
    if (quote.status !== "quoted") return;
    setApplying(true);
    setApplyError(undefined);
    const input = { params: { pageId }, body: { transactionId, subscriptionItems: selected } };
    try {
      if (kind === "xl") {
        setApplied({ kind, result: await clients.shop.call(applyXlUpsell, input) });
      } else {
        setApplied({ kind, result: await clients.shop.call(applyDrawUpsell, input) });
      }
    } catch (error) {
      setApplyError(messageOf(error));
    } finally {
      setApplying(false);
    }
  };

  return { subscriptions, selected, quote, applying, applyError, applied, toggle, confirm };
}
