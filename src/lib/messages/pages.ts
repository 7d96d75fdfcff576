/**
 * The titles and introductions of the shop's own pages. A module of its own, so a page takes its title
 * without the basket's and the error texts (part of the one message catalogue, `src/lib/messages.ts`).
 */

export const pages = {
  tickets: { title: "Loten kopen", intro: "Kies je lot, je aantal en of je met XL meespeelt." },
  results: {
    title: "Trekkingsuitslag",
    intro: "Bekijk de uitslag van de laatste trekking.",
    recentDraws: "Recente trekkingen",
    columnDraw: "Trekking",
    columnDate: "Datum",
    columnJackpot: "Jackpot",
    loading: "Trekkingen worden geladen…",
  },
  /** One draw's result page (its route's title and description, without the result texts). */
  drawResult: {
    title: (drawName: string) => `Uitslag ${drawName}`,
    description: (drawName: string, date: string) =>
      `De uitslag van de ${drawName} van ${date}: de jackpot, de hoofdprijzen, de eindcijfers en de XL-prijzen. Controleer direct je lotnummers.`,
  },
  /** The ticket checker's own page (`/trekkingsuitslag/controleren`): its title and the checker's heading. */
  ticketCheck: { title: "Controleer je lotnummers", numbersTitle: "Je lotnummers" },
  giftPay: { title: "Je cadeaulot" },
  giftRedeem: { title: "Cadeaulot verzilveren" },
  gameEntry: { title: "Doe mee met de winactie" },
  account: { title: "Mijn Kroonloterij", intro: "Je loten, abonnementen en gegevens op één plek." },
  myTickets: { title: "Mijn loten" },
  addTicket: { title: "Lot toevoegen", intro: "Dit lot wordt aan je winkelmandje toegevoegd." },
  addTicketForDraw: { title: "Lot toevoegen aan trekking" },
  /** Where the ticket forms post without JavaScript; shown again when the choice was refused. */
  addToBasket: {
    title: "Loten in je winkelmandje leggen",
    intro: "Je keuze kon niet in je winkelmandje. Pas hem aan en probeer het opnieuw.",
    nothingChosen: "Kies eerst je loten.",
  },
  editSubscription: { title: "Abonnement aanpassen" },
  home: {
    title: "Kroonloterij",
    intro: "Speel mee met de loterij van Nederland. Elke maand op de 10e een trekking.",
  },
  appUpdated: "Er is een nieuwe versie van de site. Bij je volgende klik laden we die.",
} as const;
