import type { EmailDataOf, EmailKind } from "@/src/domain/emails/kinds";

/**
 * Realistic data for every kind of e-mail, for the mailbox's preview page and the template tests. A kind
 * without a sample fails the type check.
 */
export const EMAIL_SAMPLES: { [K in EmailKind]: EmailDataOf<K> } = {
  "order-confirmation": {
    firstName: "Sanne",
    totalCents: 4_500,
    draws: [
      { name: "Maandtrekking december 2026", date: "2026-12-10", numbers: ["KB12345", "KB12346"] },
      { name: "Oudejaarstrekking 2026", date: "2026-12-31", numbers: ["BH20481"] },
    ],
  },
  "gift-order-confirmation": {
    firstName: "Sanne",
    totalCents: 1_500,
    recipientName: "Pieter",
    sendOn: "2026-12-05",
    ticketNumber: "CS45657",
    draw: { name: "Maandtrekking december 2026", date: "2026-12-10" },
  },
  "gift-ticket": {
    recipientName: "Pieter",
    giverName: "Sanne",
    message: "Fijne feestdagen! Ik duim voor je.",
    fraction: "WHOLE",
    draw: { name: "Maandtrekking december 2026", date: "2026-12-10" },
    code: "KR7H-3MXP",
    redeemPath: "/cadeau/verzilveren?code=KR7H-3MXP",
  },
  "subscription-confirmation": {
    firstName: "Sanne",
    subscriptionId: 1_042,
    startDraw: { name: "Maandtrekking december 2026", date: "2026-12-10" },
    items: [
      { description: "Los lot, Heel lot, met XL, elke maand", pricePerDrawCents: 2_000 },
      { description: "Straat (10 loten), Vijfde lot, elke maand", pricePerDrawCents: 2_000 },
    ],
    months: null,
    promotion: { label: "Welkomstkorting", draws: 2, discountPercent: 50 },
    monthlyCents: 4_000,
    firstCents: 2_000,
    schedule: [
      { name: "Maandtrekking december 2026", date: "2026-12-10", amountCents: 2_000, trial: false },
      { name: "Maandtrekking januari 2027", date: "2027-01-10", amountCents: 2_000, trial: false },
      { name: "Maandtrekking februari 2027", date: "2027-02-10", amountCents: 4_000, trial: false },
    ],
    ibanMasked: "**************4300",
    accountHolder: "S. de Vries",
    mandateId: "KL-MANDAAT-001042",
    mandateDate: "2026-12-01",
    subscriptionsPath: "/mijn/abonnementen",
  },
  "subscription-cancellation": {
    firstName: "Sanne",
    subscriptionId: 1_042,
    whole: false,
    items: ["Straat (10 loten), Vijfde lot, elke maand"],
    lastDraw: { name: "Maandtrekking december 2026", date: "2026-12-10" },
  },
  "collection-failed": {
    firstName: "Sanne",
    subscriptionId: 1_042,
    amountCents: 4_000,
    drawName: "Maandtrekking december 2026",
    payPath: "/mijn/abonnementen#subscription-1042",
  },
  "collection-refund": { firstName: "Sanne", subscriptionId: 1_042, amountCents: 4_000 },
  "subscription-sign-up-refund": { firstName: "Sanne", amountCents: 2_000 },
  prize: {
    firstName: "Sanne",
    drawName: "Maandtrekking december 2026",
    tickets: 2,
    creditedCents: 2_500,
    claimCents: 0,
  },
  "game-winner": {
    firstName: "Sanne",
    gameTitle: "Winterwinactie 2026",
    prize: "een weekend weg voor twee in Zeeland",
    ticketNumber: "KB12345",
  },
  deposit: { firstName: "Sanne", amountCents: 2_500, balanceCents: 4_750 },
  withdrawal: { firstName: "Sanne", amountCents: 2_500, ibanMasked: "**************4300" },
  "age-validation": { firstName: "Sanne", outcome: "validated" },
  "contact-confirmation": {
    name: "Sanne de Vries",
    reference: "KS-100042",
    subject: "Mijn lot of prijs",
    ticketOrOrderNumber: "KB12345",
    message: "Ik heb een prijs gewonnen met lot KB12345.\nWanneer staat het bedrag op mijn rekening?",
  },
  "contact-message": {
    name: "Sanne de Vries",
    email: "sanne@example.nl",
    reference: "KS-100042",
    subject: "Mijn lot of prijs",
    ticketOrOrderNumber: "KB12345",
    message: "Ik heb een prijs gewonnen met lot KB12345.\nWanneer staat het bedrag op mijn rekening?",
    customerNumber: "1000042",
  },
  "lead-confirmation": {
    firstName: "Sanne",
    promotionTitle: "Kerstactie 2026",
    confirmPath: "/actie/aanmelden/bevestigen?token=voorbeeld",
  },
  "password-reset": {
    firstName: "Sanne",
    resetPath: "/wachtwoord-herstellen?token=voorbeeld",
    expiresAt: "2026-12-02T15:30:00.000Z",
  },
  "password-changed": { firstName: "Sanne", changedAt: "2026-12-02T14:30:00.000Z" },
  "email-change-confirmation": {
    firstName: "Sanne",
    newEmail: "sanne.nieuw@example.nl",
    confirmPath: "/e-mailadres-bevestigen?token=voorbeeld",
    expiresAt: "2026-12-03T14:30:00.000Z",
  },
  "email-change-notice": {
    firstName: "Sanne",
    newEmailMasked: "s***@example.nl",
    requestedAt: "2026-12-02T14:30:00.000Z",
  },
  "game-invitation": {
    firstName: "Sanne",
    gameTitle: "Winterwinactie 2026",
    prize: "een weekend weg voor twee in Zeeland",
    tickets: 3,
    entryPath: "/winactie/winterwinactie-2026/link?data=voorbeeld",
    endsOn: "2026-12-20",
  },
};
