import type { CountdownFields } from "@/content-models/countdown";
import { getPriceDetails } from "@/src/contract/tickets";
import type { BlockLoaderContext } from "../block-props";
import type { CountdownData } from "./countdown-data";

/** The page id the countdown asks the draws on sale under. */
const COUNTDOWN_PAGE_ID = "aftellen";

/** The next draw of the block's game whose sales are open (undefined: none, the block shows nothing). */
export async function loadCountdown(
  props: CountdownFields,
  { clients }: BlockLoaderContext,
): Promise<CountdownData | undefined> {
  const details = await clients.shop.call(getPriceDetails, { params: { pageId: COUNTDOWN_PAGE_ID } });
  const draw = (props.gameType ?? "KROON") === "MILJOENENSPEL" ? details.millionGame : details.draws[0];
  return draw
    ? { drawName: draw.name, drawAt: draw.drawDate, salesCloseAt: draw.salesCloseDateTime }
    : undefined;
}
