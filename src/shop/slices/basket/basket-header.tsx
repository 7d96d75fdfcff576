import { NavLink } from "react-router";
import { basketPage, navigation } from "@/src/lib/messages";
import { useBasket } from "./basket-store";

export { BasketNotification } from "./basket-notification";

/**
 * The basket link with its unit count. The count comes from this tab's cookie, so the server (and the
 * hydration render) shows the link without it; the store fills it in right after.
 */
export function BasketLink() {
  const { units } = useBasket();
  return (
    <NavLink
      to="/winkelmandje"
      className="header__basket"
      aria-label={units > 0 ? basketPage.headerLabel(units) : undefined}
    >
      {navigation.basket}
      {units > 0 ? <span className="header__basket-count"> {basketPage.headerCount(units)}</span> : null}
    </NavLink>
  );
}
