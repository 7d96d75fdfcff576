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
  since: "Loopt sinds",
  monthly: "Per maand",
  account: "Rekening",
  mandateId: "Kenmerk machtiging",
  promotion: "Aanbieding",
  promotionLeft: (label: string, left: number) =>
    left === 0
      ? `${label}: afgelopen`
      : `${label}: nog ${left === 1 ? "1 trekking" : `${left} trekkingen`} met korting`,
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
    failed: "Mislukt",
  },
  activeCount: (count: number) =>
    count === 0
      ? "geen actieve abonnementen"
      : count === 1
        ? "1 actief abonnement"
        : `${count} actieve abonnementen`,
} as const;
