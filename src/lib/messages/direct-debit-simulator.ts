/**
 * The direct-debit simulator's admin page: the local stand-in for the bank's SEPA collection service, where
 * a tester approves or fails the monthly collections of subscriptions. Part of the one message catalogue
 * (`src/lib/messages.ts`).
 */

export const directDebitSimulator = {
  siteName: "Incassosimulator",
  title: "Automatische incasso's en overboekingen",
  intro:
    "Hier staan de incasso's en overboekingen die de webshop heeft ingediend. Keur er een goed of laat hem mislukken; een mislukte incasso kun je later alsnog goedkeuren (de speler heeft dan betaald). Een mislukte overboeking (een opname van het saldo) zet de webshop terug op het saldo van de speler.",
  empty: "Er zijn nog geen incasso's of overboekingen ingediend.",
  kinds: { collection: "Incasso", transfer: "Overboeking" },
  columns: {
    date: "Ingediend",
    kind: "Soort",
    description: "Omschrijving",
    account: "Rekening",
    amount: "Bedrag",
    status: "Status",
    actions: "Acties",
  },
  status: { submitted: "Ingediend", paid: "Betaald", failed: "Mislukt" },
  approve: "Goedkeuren",
  fail: "Laten mislukken",
  runJobs: "Abonnementsjobs nu uitvoeren",
  runJobsHint:
    "Geeft de loten uit voor de eerstvolgende maandtrekking, dient openstaande incasso's in en voert alle wachtende jobs uit.",
  jobsRan: (count: number) => (count === 1 ? "1 job uitgevoerd." : `${count} jobs uitgevoerd.`),
  decided: {
    paid: "De incasso is goedgekeurd.",
    failed: "De incasso is mislukt.",
    transferPaid: "De overboeking is uitgevoerd.",
    transferFailed: "De overboeking is mislukt; de webshop zet het bedrag terug op het saldo.",
  },
  notAllowed: "Deze incasso kan niet meer zo worden gewijzigd.",
  notFoundTitle: "Deze incasso bestaat niet",
  notFoundHint: "Ga terug naar het overzicht van de incasso's.",
  badRequestTitle: "Dit verzoek kunnen we niet verwerken",
  badRequestHint: "Ga terug naar het overzicht en probeer het opnieuw.",
  backToList: "Terug naar het overzicht",
} as const;
