import { z } from "zod";
import { ticketMessages } from "@/src/lib/messages";

/** How a player pays for an order: the shop's checkout offers these, and the payment provider takes them. */
export const PAYMENT_METHODS = ["ideal", "creditcard"] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: ticketMessages.paymentMethod });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
