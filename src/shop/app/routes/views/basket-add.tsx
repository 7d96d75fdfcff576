import { Link } from "react-router";
import { checkout, pages } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { addToBasket } from "@/src/shop/slices/basket/basket-store";
import { TicketConfigurator } from "@/src/shop/slices/tickets/configurator/ticket-configurator";
import { MillionGameSale } from "@/src/shop/slices/tickets/million-game/million-game-sale";
import type { Route } from "../+types/basket-add";

export function BasketAddPage({ actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  if (!actionData) {
    return (
      <PageFrame title={pages.addToBasket.title} intro={pages.addToBasket.nothingChosen}>
        <Link to="/loten" className="button">
          {checkout.toTickets}
        </Link>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={pages.addToBasket.title} intro={pages.addToBasket.intro}>
      {actionData.kind === "classic" ? (
        <TicketConfigurator
          pageId={actionData.pageId}
          details={actionData.details}
          lockedDrawId={actionData.lockedDrawId}
          addToBasket={addToBasket}
          answered={{
            choice: actionData.choice,
            errors: actionData.errors,
            formError: actionData.formError,
          }}
        />
      ) : (
        <MillionGameSale
          draw={actionData.draw ?? undefined}
          addToBasket={addToBasket}
          answered={actionData.answer}
        />
      )}
    </PageFrame>
  );
}
