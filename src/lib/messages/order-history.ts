/** `/mijn/bestellingen` (issue 43): the player's orders and payments. Part of the one message catalogue (`src/lib/messages.ts`). */

export const orderHistory = {
  title: "Mijn bestellingen",
  accountLink: "Mijn bestellingen en betalingen",
  intro:
    "Alles wat je bij Kroonloterij bestelde en betaalde: loten, cadeaus, abonnementen, incasso's, stortingen, opnames en terugbetalingen.",
  listLabel: "Je bestellingen en betalingen",
  groupLabel: "Soort",
  groups: {
    alles: "Alles",
    loten: "Loten en cadeaus",
    abonnementen: "Abonnementen en incasso's",
    saldo: "Saldo: stortingen, opnames en terugbetalingen",
  },
  outcomeLabel: "Status",
  outcomes: { alle: "Alle", open: "Nog niet afgerond", afgerond: "Gelukt", mislukt: "Niet gelukt" },
  filter: "Toon bestellingen",
  empty: "Je hebt nog geen bestellingen of betalingen.",
  emptyFiltered: "Er zijn geen bestellingen of betalingen die bij je keuze passen.",
  showAll: "Toon alles",
  count: (total: number) =>
    total === 1 ? "1 bestelling of betaling" : `${total} bestellingen en betalingen`,
  date: "Datum",
  amount: "Bedrag",
  method: "Betaald met",
  status: "Status",
  orderNumber: "Bestelnummer",
  reference: "Kenmerk",
  ticketsSummary: (count: number) => (count === 1 ? "Bekijk je lot" : `Bekijk je ${count} loten`),
  giftDetails: (drawName: string, sendOn: string) => `${drawName}, e-mail naar de ontvanger op ${sendOn}`,
  resendGift: "Stuur de e-mail opnieuw",
  resendGiftHint: (name: string) => `Heeft ${name} de e-mail niet gekregen? Stuur hem nog een keer.`,
  giftResent: (address: string) => `We hebben de e-mail met de code opnieuw gestuurd naar ${address}.`,
  giftNotFound: "We kunnen dit cadeaulot niet vinden.",
  previous: "Vorige",
  next: "Volgende",
  page: (page: number, pageCount: number) => `Pagina ${page} van ${pageCount}`,
  pagination: "Pagina's",
  /** What each row is, from the player's side. */
  kind: (kind: string, description: string): string => {
    switch (kind) {
      case "tickets":
        return "Loten";
      case "gift":
        return `Cadeaulot voor ${description}`;
      case "subscription":
        return description ? `Abonnement ${description} afgesloten` : "Abonnement afsluiten";
      case "collection":
        return `Incasso abonnement: ${description}`;
      case "collectionPayment":
        return description
          ? `Openstaand bedrag van abonnement ${description}`
          : "Openstaand bedrag abonnement";
      case "deposit":
        return "Storting op je saldo";
      case "withdrawal":
        return `Opname naar ${description}`;
      case "refund":
        return `Terugbetaling op je saldo: ${description}`;
      default:
        return description;
    }
  },
  methods: {
    ideal: "iDEAL",
    creditcard: "Creditcard",
    balance: "Saldo",
    directDebit: "Automatische incasso",
    bankTransfer: "Overboeking naar je bank",
  } as Record<string, string>,
  /** A row's state; some states read differently per kind. */
  statusText: (kind: string, status: string): string => {
    if (kind === "withdrawal" && status === "sent") return "Overgemaakt";
    if (kind === "withdrawal" && status === "submitted") return "Onderweg naar je bank";
    if (kind === "collection" && status === "submitted") return "Bij de bank, wordt afgeschreven";
    if (kind === "collection" && status === "pending") return "Wordt binnenkort afgeschreven";
    if (kind === "gift" && status === "paid") return "Betaald, nog niet verstuurd";
    return STATUS_TEXT[status] ?? "In behandeling";
  },
} as const;

const STATUS_TEXT: Record<string, string> = {
  pending: "Wacht op betaling",
  submitted: "In behandeling",
  requested: "Aangevraagd",
  paid: "Betaald",
  sent: "Verstuurd",
  redeemed: "Verzilverd",
  credited: "Op je saldo gezet",
  cancelled: "Geannuleerd",
  failed: "Mislukt",
  expired: "Verlopen",
  superseded: "Vervangen door een nieuwere aanvraag",
  returned: "Teruggeboekt door de bank",
};
