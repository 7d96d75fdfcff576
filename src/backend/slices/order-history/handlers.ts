import { implement } from "@/src/backend/http/router";
import { orderHistory } from "@/src/backend/slices/order-history/order-history.server";
import { getOrderHistory } from "@/src/contract/order-history";
import { CachePolicy } from "@/src/lib/cache-policy";

/** `/mijn/bestellingen` (issue 43): the player's own orders and payments. */
export const orderHistoryHandlers = [
  implement(getOrderHistory, async ({ query }, { services, player, res }) => {
    res.setHeader("Cache-Control", CachePolicy.private);
    return orderHistory(services.db, player.id, query);
  }),
];
