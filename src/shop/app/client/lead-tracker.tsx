import { useEffect } from "react";
import { useLocation } from "react-router";
import { trackOnce } from "@/src/shop/components/analytics/analytics";
import { LEAD_FRAGMENT } from "@/src/shop/slices/promotions/lead-fragment";

/**
 * A promotion's sign-up ends with a redirect to its offer that carries `#aangemeld={pageId}` (issue 20
 * item 3): the funnel's `generate_lead`, once per promotion in this browser, and the fragment is taken out
 * of the address again.
 */
export function LeadTracker() {
  const location = useLocation();
  useEffect(() => {
    const match = LEAD_FRAGMENT.exec(location.hash);
    if (!match?.[1]) return;
    const pageId = match[1];
    trackOnce(`lead:${pageId}`, {
      event: "generate_lead",
      ecommerce: {
        currency: "EUR",
        value: 0,
        items: [
          {
            item_id: `actie:${pageId}`,
            item_name: "Actie",
            item_category: "Promotie",
            price: 0,
            quantity: 1,
          },
        ],
      },
    });
    window.history.replaceState(window.history.state, "", location.pathname + location.search);
  }, [location.hash, location.pathname, location.search]);
  return null;
}
