import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The routes of spec section 2. `*` does not match `/`, so the home page has an index route that
 * points at the same CMS page module as the catch-all.
 */
export default [
  index("routes/cms-page.tsx", { id: "cms-home" }),
  route("loten", "routes/tickets.tsx"),
  route("trekkingsuitslag", "routes/draw-results.tsx"),
  route("trekkingsuitslag/controleren", "routes/ticket-check.tsx"),
  route("trekkingsuitslag/:draw", "routes/draw-result.tsx"),
  route("winkelmandje", "routes/basket.tsx"),
  route("winkelmandje/lot-toevoegen", "routes/basket-add-ticket.tsx"),
  route("winkelmandje/toevoegen", "routes/basket-add.tsx"),
  route("afrekenen", "routes/checkout.tsx"),
  route("afrekenen/resultaat", "routes/checkout-result.tsx"),
  route("abonnement/afsluiten", "routes/subscription-sign-up.tsx"),
  route("abonnement/resultaat", "routes/subscription-result.tsx"),
  route("leeftijdscontrole/terug", "routes/age-validation-return.tsx"),
  route("cadeau/geven", "routes/gift-give.tsx"),
  route("cadeau/verzilveren", "routes/gift-redeem.tsx"),
  route("cadeau/verzilveren/idin", "routes/gift-redeem-idin.tsx"),
  route("partnerlot", "routes/affiliate-ticket.tsx"),
  route("actie/aanmelden", "routes/promotion-sign-up.tsx"),
  route("actie/aanbod", "routes/action-offer.tsx"),
  route("inloggen", "routes/login.tsx"),
  route("aanmelden", "routes/register.tsx"),
  route("aanmelden/voltooien", "routes/register-complete.tsx"),
  route("mijn", "routes/account.tsx"),
  route("mijn/profiel", "routes/account-profile.tsx"),
  route("mijn/loten", "routes/my-tickets.tsx"),
  route("mijn/loten/winkellot-toevoegen", "routes/account-retail-ticket.tsx"),
  route("mijn/loten/:drawId/lot-toevoegen", "routes/account-add-ticket.tsx"),
  route("mijn/abonnementen", "routes/my-subscriptions.tsx"),
  route("mijn/abonnement/:subscription/aanpassen", "routes/account-subscription-edit.tsx"),
  route("mijn/abonnement/:subscription/opzeggen", "routes/account-subscription-cancel.tsx"),
  route("mijn/leeftijdscontrole", "routes/age-validation.tsx"),
  route("mijn/saldo", "routes/account-wallet.tsx"),
  route("mijn/saldo/storting", "routes/account-wallet-deposit.tsx"),
  route("mijn/*", "routes/cms-page.tsx", { id: "cms-account" }),
  route("*", "routes/cms-page.tsx", { id: "cms-catch-all" }),
] satisfies RouteConfig;
