import { NavLink } from "react-router";
import { basketPage, navigation } from "@/src/lib/messages";
import { useBasket } from "./basket-store";

export { BasketNotification } from "./basket-notification";

/**
 * The basket link with its ticket count. The count comes from this tab's cookie, so the server (and the
 * hydration render) shows the link without it; the store fills it in right after.
 */
export function BasketLink() {
  const { ticketCount: count } = useBasket();
  return (
    <NavLink
      to="/winkelmandje"
      className="header__basket"
      aria-label={count > 0 ? basketPage.headerLabel(count) : undefined}
    >
      {navigation.basket}
      {count > 0 ? <span className="header__basket-count"> {basketPage.headerCount(count)}</span> : null}
    </NavLink>
  );
}
