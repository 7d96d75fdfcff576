/**
 * Changing and stopping a subscription as players see it: `/mijn/abonnement/{id}/aanpassen`, the
 * cancellation in three steps (`/mijn/abonnement/{id}/opzeggen`) and the upsell blocks. Kept apart from
 * the API's messages so a page's JavaScript carries only these. Part of the one message catalogue
 * (`src/lib/messages.ts`).
 */

/** The edit page (`/mijn/abonnement/{id}/aanpassen`). */
export const subscriptionEditPage = {
  title: "Abonnement aanpassen",
  intro: (id: number) =>
    `Wijzig de loten van abonnement ${id}, voeg loten toe of haal er een weg. Je ziet eerst wat het kost; pas als je bevestigt, wijzigen we je abonnement.`,
  currentTitle: "Je abonnement nu",
  items: "Je loten",
  monthly: "Per maand",
  effectiveFrom: "Wijzigingen gaan in vanaf",
  noEffectiveDraw: "Er is nu geen trekking waarvoor je je abonnement kunt wijzigen.",
  drawOn: (name: string, date: string) => `${name} (${date})`,
  issuedStay: "Loten voor trekkingen die al zijn klaargezet, blijven zoals ze zijn.",
  cancelled: "Dit abonnement is opgezegd. Je kunt het niet meer wijzigen.",
  toSubscriptions: "Terug naar mijn abonnementen",
  changeItemsTitle: "Loten wijzigen",
  itemTitle: (index: number, description: string) => `Lot ${index}: ${description}`,
  changeItemLegend: "Wijzig dit lot",
  multiplierLabel: "Inzet",
  multiplierOption: (times: number) => (times === 1 ? "Gewoon (1×)" : `${times}× ingezet`),
  verify: "Nieuw bedrag berekenen",
  confirmChange: "Wijziging bevestigen",
  quoteChanged:
    "Je keuze is veranderd nadat het bedrag was berekend. Bekijk het nieuwe bedrag en bevestig opnieuw.",
  quoteTitle: "Wat je wijziging kost",
  quoteMonthly: (after: string, before: string) => `Nieuw bedrag per maand: ${after} (was ${before})`,
  quoteFrom: (draw: string) => `Gaat in vanaf de ${draw}`,
  quoteNoDraw: "Er is nu geen trekking waarvoor deze wijziging kan ingaan.",
  paymentNextCollection: "Het nieuwe bedrag schrijven we af met je automatische incasso, vanaf die trekking.",
  paymentNone: "Je hoeft niets extra te betalen.",
  pricing: "Het nieuwe bedrag wordt berekend…",
  noChange: "Wijzig iets aan dit lot om het nieuwe bedrag te zien.",
  fixErrors: "Pas je keuze aan om het nieuwe bedrag te zien.",
  remove: "Lot verwijderen",
  confirmRemove: "Verwijderen bevestigen",
  removeQuoteTitle: "Wat er verandert als je dit lot verwijdert",
  lastItemCancel: "Zeg je abonnement op",
  addTitle: "Loten toevoegen",
  addLegend: "Nieuwe loten",
  confirmAdd: "Toevoegen bevestigen",
  applied: "Je wijziging is opgeslagen.",
  appliedFrom: (draw: string, items: string) => `Vanaf de ${draw} speel je met: ${items}.`,
  appliedMonthly: (amount: string) => `Per maand betaal je dan ${amount}.`,
  cancelLink: "Abonnement opzeggen",
  cancelTitle: "Stoppen met je abonnement",
  /** The links on `/mijn/abonnementen`'s subscription cards. */
  changeLink: "Wijzigen",
  cancelShortLink: "Opzeggen",
} as const;

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
  lastDraw: (draw: string, date: string) => `Je speelt voor het laatst mee in de ${draw} op ${date}.`,
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
  /** Beside SubscriptionNotCancelableError, with the link to `/klantenservice` (issue 43). */
  byCustomerService: "Bel de klantenservice, dan zeggen wij je abonnement voor je op.",
} as const;

/** The upsell blocks (`subscriptionUpsell`). */
export const subscriptionUpsellBlock = {
  loading: "Je abonnementen worden geladen…",
  /** Without JavaScript the block cannot read the player's subscriptions: where to change them instead. */
  noScript:
    "Zonder JavaScript kun je dit hier niet kiezen. Je loten wijzigen kan altijd bij je abonnementen.",
  loginText: "Log in om dit aan je abonnement toe te voegen.",
  loginLink: "Inloggen",
  noSubscription: "Je hebt nog geen abonnement. Hiervoor heb je een abonnement nodig.",
  subscribeLink: "Neem een abonnement",
  xlLegend: "Aan welke loten voeg je XL toe?",
  drawLegend: "Met welke loten speel je extra mee?",
  subscriptionSince: (date: string) => `Abonnement sinds ${date}`,
  allWithXl: "Al je loten spelen al met XL.",
  noItemsForDraw: "Je loten kunnen niet meespelen in deze trekking: die verkoopt geen vijfde loten.",
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
