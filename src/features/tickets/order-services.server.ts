import type { RequestContext } from "@/src/server/request-context";
import type { OrderServices } from "./orders.server";

/** The order service's dependencies as a page loader has them. */
export function orderServicesFor(ctx: RequestContext): OrderServices {
  return { db: ctx.services.db, payments: ctx.services.payments, logger: ctx.log, now: () => new Date() };
}
