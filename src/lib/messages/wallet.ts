/** The wallet (issue 16): balance, deposits, withdrawals, the deposit limit and prizes paid in. Part of the one message catalogue (`src/lib/messages.ts`). */

import { formatEuroCents as euro } from "../format";

/** The wallet API's validation and refusal messages (shown at the form's fields). */
export const walletMessages = {
  amount: "Vul een bedrag in euro's in, bijvoorbeeld 25 of 12,50",
  depositMin: (cents: number) => `Je kunt minimaal ${euro(cents)} storten`,
  depositMax: (cents: number) => `Je kunt maximaal ${euro(cents)} per keer storten`,
  withdrawalMin: (cents: number) => `Je kunt minimaal ${euro(cents)} opnemen`,
  withdrawalMax: (cents: number) => `Je kunt maximaal ${euro(cents)} per keer opnemen`,
  depositLimitReached: (remainingCents: number) =>
    remainingCents > 0
      ? `Dit is meer dan je stortingslimiet toelaat. Je kunt deze maand nog ${euro(remainingCents)} storten.`
      : "Je hebt je stortingslimiet voor deze maand bereikt. Volgende maand kun je weer storten.",
  insufficientBalance: (balanceCents: number) =>
    `Je saldo is ${euro(balanceCents)}. Je kunt niet meer opnemen dan je saldo.`,
  iban: "Vul een geldig IBAN-nummer in, bijvoorbeeld NL91 ABNA 0417 1643 00",
  ibanRequired: "Vul het IBAN-nummer in waarop je het geld wilt ontvangen",
  /** The account is another player's (their profile or a subscription's mandate). */
  ibanTaken:
    "Dit IBAN-nummer hoort bij een ander account bij Kroonloterij. Je kunt alleen geld opnemen naar je eigen rekening.",
  limit: (minCents: number, maxCents: number) =>
    `Kies een limiet tussen ${euro(minCents)} en ${euro(maxCents)} per maand`,
  /** A checkout paid from the balance that the balance does not cover. */
  balanceTooLow: (balanceCents: number) =>
    `Je saldo (${euro(balanceCents)}) is niet genoeg voor deze bestelling. Kies iDEAL of creditcard.`,
} as const;

/** `/mijn/saldo` and the deposit's return page. */
export const walletPage = {
  title: "Mijn saldo",
  intro: "Je saldo bij Kroonloterij: stort geld, betaal je loten ermee en neem het weer op.",
  balance: "Saldo",
  pendingDeposits: "Stortingen in behandeling",
  pendingWithdrawals: "Opnames onderweg naar je bank",
  depositTitle: "Geld storten",
  amountLabel: "Bedrag in euro's",
  methodLabel: "Betaalmethode",
  ideal: "iDEAL",
  creditcard: "Creditcard",
  bank: "Je bank (optioneel)",
  bankLater: "Kies je bank bij het betalen",
  depositSubmit: "Storten",
  remaining: (cents: number) => `Je kunt deze maand nog ${euro(cents)} storten.`,
  withdrawTitle: "Geld opnemen",
  withdrawTo: (maskedIban: string) => `We maken het bedrag over naar je rekening ${maskedIban}.`,
  withdrawNeedsIban: "Vul het IBAN-nummer in van de rekening waarop je het geld wilt ontvangen.",
  /** Without an IBAN on the profile, the account of the player's mandate (issue 43). */
  withdrawToMandate: (maskedIban: string) =>
    `Naar de rekening van je machtiging, ${maskedIban} (laat het IBAN-nummer hieronder leeg)`,
  ibanLabel: "IBAN-nummer",
  withdrawSubmit: "Opnemen",
  withdrawNothing: "Je hebt geen saldo om op te nemen.",
  withdrawn: (cents: number, maskedIban: string) =>
    `We maken ${euro(cents)} over naar ${maskedIban}. Meestal staat het binnen één werkdag op je rekening.`,
  limitTitle: "Stortingslimiet",
  limitIntro:
    "Speel bewust: bepaal zelf hoeveel je per maand mag storten. Een lagere limiet geldt meteen, een hogere pas na 24 uur.",
  limitLabel: "Limiet per maand in euro's",
  limitCurrent: (cents: number) => `Je limiet is ${euro(cents)} per maand.`,
  limitPending: (cents: number, from: string) => `Je nieuwe limiet van ${euro(cents)} geldt vanaf ${from}.`,
  limitSubmit: "Limiet opslaan",
  limitLowered: "Je nieuwe limiet geldt meteen.",
  limitRaised: "Je hogere limiet geldt pas over 24 uur.",
  historyTitle: "Recente transacties",
  historyEmpty: "Nog geen transacties.",
  dateColumn: "Datum",
  descriptionColumn: "Omschrijving",
  amountColumn: "Bedrag",
  /** A deposit whose payment could not be started (`TransactionRolledbackError`). */
  notStarted: "Je storting kon niet worden gestart. Er is niets afgeschreven. Probeer het opnieuw.",
  /** The form's transaction id was used already (`TransactionAlreadyProcessedError`): a resent form. */
  alreadyDone: "Dit verzoek is al verwerkt. Je ziet het hieronder bij je transacties.",
  ageFirst: "Bevestig eerst je leeftijd met iDIN. Daarna kun je geld storten.",
  ageLink: "Bevestig je leeftijd",
  // The deposit's return page (`/mijn/saldo/storting`).
  resultTitle: "Storting",
  paid: (cents: number) => `${euro(cents)} staat op je saldo.`,
  paidTitle: "Je storting is gelukt",
  pendingTitle: "We wachten op je betaling",
  pending: "Je betaling is nog niet afgerond. Deze pagina ververst vanzelf.",
  cancelled: "Je hebt de storting afgebroken. Er is niets afgeschreven.",
  failed: "Je storting is niet gelukt. Er is niets afgeschreven. Probeer het opnieuw.",
  expired: "Je betaling is verlopen. Er is niets afgeschreven. Probeer het opnieuw.",
  notFound: "Deze storting kennen we niet.",
  backToWallet: "Naar Mijn saldo",
} as const;

/** `/mijn/loten`: what happened to a prize. */
export const prizePayoutText = {
  credited: "Op je saldo gezet",
  claim: "Neem contact op met de klantenservice om deze prijs te ontvangen",
  /** A ticket bought in a shop: its prize is paid out there (issue 43). */
  retail: "Haal je prijs op bij een verkooppunt van Kroonloterij",
} as const;
