/**
 * Page titles on their own: a route module needs its title for the document's title, and importing the
 * whole area of texts for it put every text of the page's forms into its first load (issue 43, first-load
 * budget). Part of the one message catalogue (`src/lib/messages.ts`).
 */
export const subscriptionSignUpTitle = "Abonnement afsluiten";

/** `/mijn/profiel`'s title, on its own for the same reason (the `account` texts share a module with the portal's). */
export const profilePageTitle = "Mijn gegevens";
