import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { flashDisplayTime } from "@/src/lib/flash/flash";
import { basketPage, navigation } from "@/src/lib/messages";
import { dismissBasketNotification, useBasket } from "./basket-store";

const BASKET_PATH = "/winkelmandje";

/**
 * Confirms that a ticket went into or out of the basket (spec section 4), only while the basket holds
 * classic tickets. The live region is always rendered, so screen readers announce the text when it
 * appears; it hides itself after the flash message display time (spec section 9).
 */
export function BasketNotification() {
  const { notification, tickets } = useBasket();
  const { pathname } = useLocation();
  const hasClassic = tickets.some((ticket) => ticket._type === "StlBasketTicket");
  const message =
    notification === "added"
      ? basketPage.notificationAdded
      : notification === "removed"
        ? basketPage.notificationRemoved
        : undefined;
  const visible = message !== undefined && hasClassic;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts with every basket change, so a second ticket added keeps the message up
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(dismissBasketNotification, flashDisplayTime(message));
    return () => clearTimeout(timer);
  }, [message, tickets]);

  return (
    <div
      className="basket-notification-region"
      role="status"
      aria-live="polite"
      aria-label={basketPage.notificationRegion}
    >
      {visible ? (
        <div className="basket-notification">
          <span>{message}</span>
          {pathname === BASKET_PATH ? null : (
            <Link to={BASKET_PATH} className="basket-notification__link">
              {basketPage.notificationLink}
            </Link>
          )}
          <button
            type="button"
            className="flash__close"
            onClick={dismissBasketNotification}
            aria-label={navigation.close}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
