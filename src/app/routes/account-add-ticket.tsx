import { getPriceDetails } from "@/src/api/contract/tickets";
import { PageFrame, pageMeta } from "@/src/app/components/page-frame";
import { assertValidParams } from "@/src/app/lib/not-found";
import { asPlayer, requirePlayer } from "@/src/app/lib/require-player.server";
import { requestContext } from "@/src/app/request-context";
import { addToBasket } from "@/src/features/basket/basket-store";
import { DrawNotOnSale } from "@/src/features/tickets/configurator/draw-not-on-sale";
import { TicketConfigurator } from "@/src/features/tickets/configurator/ticket-configurator";
import { pages } from "@/src/lib/messages";
import type { Route } from "./+types/account-add-ticket";

/** Validity check: a draw is addressed by its running number. */
export const isValidDrawId = (drawId: string) => /^[1-9]\d{0,5}$/.test(drawId);

/** The page id this flow prices and verifies tickets under (spec section 7). */
const ADD_TICKET_PAGE_ID = "mijn-lot-toevoegen";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pages.addTicketForDraw.title),
  { name: "robots", content: "noindex" },
];

/**
 * A logged-in player adds tickets for one draw (spec section 2; `/mijn/**` is behind `auth` through the
 * route rules). `details` is null when the draw does not sell tickets (any more).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  assertValidParams(request, isValidDrawId(params.drawId));
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const drawId = Number(params.drawId);
  const details = await asPlayer(
    ctx,
    request,
    ctx.clients.shop.call(getPriceDetails, { params: { pageId: ADD_TICKET_PAGE_ID } }),
  );
  const draw = details.draws.find((candidate) => candidate.drawId === drawId);
  return { drawId, drawName: draw?.name, details: draw ? details : null };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AccountAddTicketPage({ loaderData }: Route.ComponentProps) {
  const { drawId, drawName, details } = loaderData;
  return (
    <PageFrame title={pages.addTicketForDraw.title} intro={drawName}>
      {details ? (
        <TicketConfigurator
          pageId={ADD_TICKET_PAGE_ID}
          details={details}
          lockedDrawId={drawId}
          addToBasket={addToBasket}
        />
      ) : (
        <DrawNotOnSale />
      )}
    </PageFrame>
  );
}
