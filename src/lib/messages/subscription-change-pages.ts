/**
 * Changing and stopping a subscription as players see it: `/mijn/abonnement/{id}/aanpassen`, the
 * cancellation in three steps (`/mijn/abonnement/{id}/opzeggen`) and the upsell blocks. Kept apart from
 * the API's messages so a page's JavaScript carries only these. Part of the one message catalogue
 * (`src/lib/messages.ts`).
 */

/** The edit page (`/mijn/abonnement/{id}/aanpassen`). */
export const subscriptionEditPage = {} as const;

/** The cancellation in three steps (`/mijn/abonnement/{id}/opzeggen`). */
export const subscriptionCancelPage = {
  title: "Abonnement opzeggen",
  /** Where the player is: step 2 (the retention offers) is left out when none applies. */
  stepOf: (step: number, steps: number) => `Stap ${step} van ${steps}`,
  subscription: (id: number) => `Abonnement ${id}`,
  chooseHeading: "Wat wil je opzeggen?",
  whole: "Mijn hele abonnement",
  someItems: "Alleen de loten die ik kies",
  itemsLegend: "Welke loten wil je opzeggen?",
  lastDraw: (draw: string) => `Je speelt voor het laatst mee in de ${draw}.`,
  noLastDraw: "Je speelt niet meer mee en we schrijven niets meer af.",
  next: "Verder",
  /** Step 1's button when step 2 has no offers: it cancels at once. */
  cancelNow: "Opzeggen",
  offersHeading: "Voordat je gaat",
  offersIntro: "Misschien past een van deze aanbiedingen beter bij je. Je kiest zelf.",
  noOffers: "We hebben op dit moment geen aanbod voor je.",
  nextDrawAmount: (amount: string) => `Je volgende trekking: ${amount}`,
  fromDraw: (draw: string) => `Vanaf de ${draw}`,
  accept: "Ja, dit wil ik",
  declineHeading: "Toch opzeggen",
  decline: "Nee, toch opzeggen",
  cancelledHeading: "Je abonnement is opgezegd",
  itemsCancelledHeading: "Je loten zijn opgezegd",
  cancelledItems: "Deze loten stoppen:",
  mailedTo: (email: string) => `We hebben je een bevestiging gemaild naar ${email}.`,
  mailed: "We hebben je een bevestiging gemaild.",
  keptHeading: "Fijn dat je blijft",
  keptOffer: (title: string) => `Je hebt gekozen voor: ${title}.`,
  keptFrom: (draw: string) => `Dit geldt vanaf de ${draw}.`,
  keptNextAmount: (amount: string) => `Je volgende trekking: ${amount}`,
  toSubscriptions: "Naar mijn abonnementen",
  startAgain: "Opnieuw beginnen",
} as const;

/** The upsell blocks (`subscriptionUpsell`). */
export const subscriptionUpsellBlock = {
  loading: "Je abonnementen worden geladen…",
  loginText: "Log in om dit aan je abonnement toe te voegen.",
  loginLink: "Inloggen",
  noSubscription: "Je hebt nog geen abonnement. Hiervoor heb je een abonnement nodig.",
  subscribeLink: "Neem een abonnement",
  xlLegend: "Aan welke loten voeg je XL toe?",
  drawLegend: "Met welke loten speel je extra mee?",
  subscriptionSince: (date: string) => `Abonnement sinds ${date}`,
  allWithXl: "Al je loten spelen al met XL.",
  chooseItems: "Kies minstens één lot.",
  quoteTitle: "Wat het kost",
  checking: "Prijs wordt berekend…",
  xlExtraPerMonth: "Extra per maand",
  monthlyAfter: "Je nieuwe maandbedrag",
  xlFrom: "Met XL vanaf",
  drawCost: "Eenmalig",
  drawFor: "Je speelt mee in",
  draw: (name: string, date: string) => `${name} (${date})`,
  paymentTitle: "Zo betaal je",
  payNextCollection: "Je betaalt dit met je volgende incasso.",
  payOnce: (amount: string) => `We schrijven ${amount} eenmalig af.`,
  payNothing: "Je betaalt niets extra.",
  confirmXl: "XL toevoegen",
  confirmDraw: "Extra meespelen",
  confirming: "Even geduld…",
  xlDone: (draw: string) => `XL is toegevoegd. Je loten spelen met XL vanaf ${draw}.`,
  xlDoneNoDraw: "XL is toegevoegd aan je loten.",
  drawDone: (draw: string) => `Je speelt extra mee in ${draw}.`,
  drawTickets: "Je extra loten",
  mySubscriptions: "Naar mijn abonnementen",
} as const;
