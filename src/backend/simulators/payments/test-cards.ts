import type { PaymentStatus } from "@/src/domain/payments/payment-provider";

/** Cards the credit-card page accepts; any other Luhn-valid number is refused as "not a test card". */
export const TEST_CARDS = [
  { number: "4111111111111111", outcome: "paid" },
  { number: "5555555555554444", outcome: "paid" },
  { number: "4000000000000002", outcome: "failed" },
] as const satisfies ReadonlyArray<{ number: string; outcome: PaymentStatus }>;
export type TestCard = (typeof TEST_CARDS)[number];
