/** Kroonpunten, the loyalty programme (issue 20, item 6). Part of the one message catalogue (`src/lib/messages.ts`). */

import { formatWholeNumber } from "../format";

const points = (count: number) => (count === 1 ? "1 Kroonpunt" : `${formatWholeNumber(count)} Kroonpunten`);

export const loyaltyMessages = {
  /** The description of a paid order's credit in the points ledger. */
  orderCredit: (orderReference: string) => `Bestelling ${orderReference}`,
  alreadyMember: "Je doet al mee met Kroonpunten.",
  /** Instead of the invitation, for a player the bank found under 18 (issue 43). */
  adultsOnly: "Kroonpunten zijn er voor spelers van 18 jaar en ouder.",
  points,
  balance: (count: number) => `Je hebt ${points(count)}.`,
  memberSince: (date: string) => `Je doet mee sinds ${date}.`,
  howItWorks:
    "Voor elke hele euro die je aan loten besteedt, krijg je 1 Kroonpunt. Je punten staan erbij zodra je bestelling is betaald.",
  notMember: "Je doet nog niet mee.",
  join: "Doe mee met Kroonpunten",
  joining: "Bezig met aanmelden…",
  joined: "Welkom bij Kroonpunten! Vanaf nu spaar je punten bij elke bestelling.",
  /** `/mijn`: the row of the overview. */
  accountLabel: "Kroonpunten",
  unknown: "Je Kroonpunten kunnen nu niet worden getoond.",
  loginText: "Log in om mee te doen met Kroonpunten.",
  loginLink: "Inloggen",
  loading: "Je Kroonpunten worden geladen…",
  noScript: "Meedoen kan ook op Mijn Kroonloterij.",
  myAccount: "Naar Mijn Kroonloterij",
} as const;
