import { pages } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { addToBasket } from "@/src/shop/slices/basket/basket-store";
import { DrawNotOnSale } from "@/src/shop/slices/tickets/configurator/draw-not-on-sale";
import { TicketConfigurator } from "@/src/shop/slices/tickets/configurator/ticket-configurator";
import type { Route } from "../+types/account-add-ticket";

/** The CMS page whose prices the form shows. The loader reads them (its import is the server's only). */
export const ADD_TICKET_PAGE_ID = "mijn-lot-toevoegen";

export function AccountAddTicketPage({
  loaderData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
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
