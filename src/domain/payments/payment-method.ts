import { z } from "zod";
import { ticketMessages } from "@/src/lib/messages";

/** How a player pays for an order: the shop's checkout offers these, and the payment provider takes them. */
export const PAYMENT_METHODS = ["ideal", "creditcard"] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: ticketMessages.paymentMethod });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * How a player pays for an order in the checkout: the provider's methods, or the wallet's balance when it
 * covers the whole order (issue 16, item 4; decision 14: no split of balance and iDEAL).
 */
export const CHECKOUT_PAYMENT_METHODS = [...PAYMENT_METHODS, "balance"] as const;
export const CheckoutPaymentMethodSchema = z.enum(CHECKOUT_PAYMENT_METHODS, {
  error: ticketMessages.paymentMethod,
});
export type CheckoutPaymentMethod = z.infer<typeof CheckoutPaymentMethodSchema>;
