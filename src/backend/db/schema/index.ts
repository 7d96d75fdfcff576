/** Database schema (DESIGN section 6), one file per slice. Money is integer cents; times are timestamptz. */

export * from "./action-codes";
export * from "./affiliate-tickets";
export * from "./age-validation";
export * from "./communication-preferences";
export * from "./composer";
export * from "./customer-service";
export * from "./draws";
export * from "./games-of-chance";
export * from "./gift-tickets";
export * from "./loyalty";
export * from "./orders";
export * from "./platform";
export * from "./players";
export * from "./promotions";
export * from "./results";
export * from "./subscriptions";
export * from "./wallet";
