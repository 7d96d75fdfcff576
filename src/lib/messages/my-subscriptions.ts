/**
 * The player's subscriptions (`/mijn/abonnementen`).
 * Part of the one message catalogue (`src/lib/messages.ts`).
 */

/** `/mijn/abonnementen`. */
export const mySubscriptions = {
  title: "Mijn abonnementen",
  intro: "Je abonnementen, wat je elke maand betaalt en de laatste afschrijvingen.",
  empty: "Je hebt nog geen abonnement.",
  takeOne: "Neem een abonnement",
  subscription: (id: number) => `Abonnement ${id}`,
  status: "Status",
  statusLabels: {
    active: "Actief",
    locked: "Geblokkeerd: openstaande betaling",
    cancelled: "Opgezegd",
  },
  lockedHint: "Een afschrijving is mislukt. Zolang die openstaat, kun je je abonnement niet wijzigen.",
  outstanding: "Openstaand bedrag",
  payNow: "Nu betalen",
  payWith: "Betalen met",
  payMethods: { ideal: "iDEAL", balance: "Mijn saldo" },
  chooseMethod: "Kies hoe je betaalt: met iDEAL of van je saldo",
  balanceTooLow: (balance: string) => `Je saldo (${balance}) is te laag; betaal met iDEAL`,
  balanceAvailable: (balance: string) => `Je saldo: ${balance}`,
  paid: (amount: string) => `Je hebt ${amount} betaald. Je abonnement is weer actief.`,
  paymentFailed:
    "Je betaling is niet gelukt. Er is niets afgeschreven; je abonnement blijft geblokkeerd tot je betaalt.",
  paymentCancelled:
    "Je hebt de betaling geannuleerd. Je abonnement blijft geblokkeerd tot je het openstaande bedrag betaalt.",
  paymentExpired:
    "Je betaling is verlopen. Je abonnement blijft geblokkeerd tot je het openstaande bedrag betaalt.",
  paymentPending: "We hebben je betaling nog niet binnen. Kijk over een paar minuten opnieuw.",
  paymentUnknown: "We kunnen deze betaling niet vinden.",
  editLocked: (amount: string) =>
    `Je abonnement is geblokkeerd vanwege een openstaande betaling van ${amount}. Betaal die eerst; daarna kun je je abonnement meteen weer wijzigen.`,
  toPayment: "Naar het openstaande bedrag",
  since: "Loopt sinds",
  monthly: "Per maand",
  account: "Rekening",
  mandateId: "Kenmerk machtiging",
  promotion: "Aanbieding",
  promotionLeft: (label: string, left: number) =>
    left === 0
      ? `${label}: afgelopen`
      : `${label}: nog ${left === 1 ? "1 trekking" : `${left} trekkingen`} met korting`,
  /** Issue 43: a retention offer the player accepted instead of cancelling, on the card. */
  retentionOffer: "Je aanbod",
  discountUntil: (label: string, percent: number, left: number, lastDraw: string | undefined) =>
    `${label}: ${percent}% korting op ${left === 1 ? "nog 1 trekking" : `nog ${left} trekkingen`}${
      lastDraw ? `, tot en met ${lastDraw}` : ""
    }`,
  pause: "Pauze",
  pausedFromUntil: (from: string, until: string) =>
    `Je abonnement speelt niet mee van ${from} tot en met ${until}`,
  /** Issue 43: a cancelled subscription's card says since when and its last draw, no amounts. */
  cancelledOn: (date: string) => `Opgezegd op ${date}`,
  lastDraw: "Laatste trekking",
  noLastDraw: "Het abonnement heeft niet meegespeeld",
  nextDraw: "Volgende trekking",
  nextDrawText: (draw: string, amount: string) => `${draw}: ${amount}`,
  noNextDraw: "Geen",
  items: "Loten",
  collections: "Laatste afschrijvingen",
  noCollections: "Nog geen afschrijvingen.",
  collectionDraw: "Trekking",
  collectionAmount: "Bedrag",
  collectionMethod: "Betaald met",
  collectionState: "Status",
  methodLabels: { ideal: "iDEAL", directDebit: "Incasso" },
  stateLabels: {
    pending: "Wordt klaargezet",
    submitted: "Bij je bank aangeboden",
    paid: "Betaald",
    failed: "Mislukt, nog niet betaald",
  },
  activeCount: (count: number, locked = 0) =>
    `${
      count === 0
        ? "geen actieve abonnementen"
        : count === 1
          ? "1 actief abonnement"
          : `${count} actieve abonnementen`
    }${locked === 0 ? "" : `, waarvan ${locked} geblokkeerd`}`,
} as const;
