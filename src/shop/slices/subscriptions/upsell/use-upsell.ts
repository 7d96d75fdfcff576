import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SubscriptionUpsellFields } from "@/content-models/subscription-upsell";
import type { EndpointOutput } from "@/src/contract/define";
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
import { endpointQueryOptions } from "@/src/shop/client/query-client";
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

const openOnes = ({ subscriptions }: EndpointOutput<typeof getSubscriptions>) =>
  subscriptions.filter((subscription) => subscription.status !== "cancelled");

/**
 * The player's open subscriptions, read in the browser once the login cookie says there is a player (a
 * visitor gets the login state without any API call).
 */
function useOpenSubscriptions(clients: ApiClients, player: PlayerStatus): Subscriptions {
  const query = useQuery({
    ...endpointQueryOptions(clients.shop, getSubscriptions),
    select: openOnes,
    enabled: player === "player",
    throwOnError: false,
  });
  if (player === "notLoggedIn" || player === "loggingOut") return { status: "login" };
  if (player === "error") return { status: "failed", message: general.generic };
  if (player === "loading") return { status: "loading" };
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 401) return { status: "login" };
    return { status: "failed", message: messageOf(query.error) };
  }
  return query.isSuccess ? { status: "ready", subscriptions: query.data } : { status: "loading" };
}

/** Until the player chooses: the first subscription's eligible items, to show what the upsell costs. */
function firstChoice(subscriptions: Subscriptions, upsell: UpsellKind): number[] {
  if (subscriptions.status !== "ready") return [];
  const first = subscriptions.subscriptions.find(
    (subscription) => eligibleItems(subscription, upsell).length > 0,
  );
  return first ? eligibleItems(first, upsell).map((item) => item.id) : [];
}

/**
 * What the shop says the chosen items would cost, asked again for every choice; a newer choice aborts
 * the call in flight, and until its answer the figures of another choice are never shown (checking).
 */
function useQuote(
  clients: ApiClients,
  { pageId, kind }: Pick<SubscriptionUpsellFields, "pageId" | "kind">,
  selected: number[],
  applied: boolean,
): Quote {
  const input = { params: { pageId }, body: { subscriptionItems: selected } };
  const query = useQuery({
    ...(kind === "xl"
      ? endpointQueryOptions(clients.shop, verifyXlUpsell, input)
      : endpointQueryOptions(clients.shop, verifyDrawUpsell, input)),
    enabled: !applied && selected.length > 0,
    throwOnError: false,
  });
  if (selected.length === 0) return { status: "idle" };
  if (query.isError) return { status: "failed", message: messageOf(query.error) };
  return query.data ? { status: "quoted", quote: query.data } : { status: "checking" };
}

/** Applies the upsell under the choice's transaction id (the same id on a retry: the shop does it once). */
function useApply(clients: ApiClients, { pageId, kind }: Pick<SubscriptionUpsellFields, "pageId" | "kind">) {
  return useMutation({
    mutationFn: async (body: { transactionId: string; subscriptionItems: number[] }): Promise<Applied> => {
      const input = { params: { pageId }, body };
      if (kind === "xl") return { kind, result: await clients.shop.call(applyXlUpsell, input) };
      return { kind, result: await clients.shop.call(applyDrawUpsell, input) };
    },
  });
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
  const clients = useApiClients();
  const [chosen, setChosen] = useState<number[]>();
  const [transactionId, setTransactionId] = useState(newTransactionId);
  const subscriptions = useOpenSubscriptions(clients, player);
  const selected = chosen ?? firstChoice(subscriptions, fields);
  const apply = useApply(clients, fields);
  const quote = useQuote(clients, fields, selected, apply.isSuccess);

  /** Items of one subscription at a time: choosing one of another starts a new choice there. */
  const toggle = (subscription: SubscriptionSummary, itemId: number, checked: boolean) => {
    const own = new Set(subscription.items.map((item) => item.id));
    const kept = selected.filter((item) => own.has(item) && item !== itemId);
    const next = checked ? [...kept, itemId] : kept;
    setChosen(next);
    setTransactionId(newTransactionId());
    // A new choice is asked about afresh: the failure of the last confirm is no longer its answer.
    if (next.length > 0 && apply.isError) apply.reset();
  };

  const confirm = () => {
    if (quote.status === "quoted") apply.mutate({ transactionId, subscriptionItems: selected });
  };

  return {
    subscriptions,
    selected,
    quote,
    applying: apply.isPending,
    applyError: apply.isError ? messageOf(apply.error) : undefined,
    applied: apply.data,
    toggle,
    confirm,
  };
}
