import type { PriceDetails } from "@/src/contract/tickets";

/** The next million-game draw on sale, as the price details name it (null there when none is open). */
export type MillionGameDraw = NonNullable<PriceDetails["millionGame"]>;

/** A million-game draw as sent to a block; anything else (a stale payload, a failed loader) is none. */
export function isMillionGameDraw(value: unknown): value is MillionGameDraw {
  const draw = value as Partial<MillionGameDraw> | null | undefined;
  return (
    typeof draw === "object" &&
    draw !== null &&
    typeof draw.drawId === "number" &&
    typeof draw.salesCloseDateTime === "string" &&
    typeof draw.pricePerTicketInCents === "number"
  );
}
