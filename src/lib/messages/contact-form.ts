/**
 * Customer service's contact form (issue 43 item 2): the API's refusals, the form, its confirmation and the
 * two e-mails. Part of the one message catalogue (`src/lib/messages.ts`).
 */

/** The contact API's refusal messages, each shown at its field. */
export const contactMessages = {
  name: "Vul je naam in",
  nameTooLong: "Je naam kan maximaal 80 tekens lang zijn",
  email: "Vul je e-mailadres in",
  emailInvalid: "Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl",
  emailRefused: "Op dit e-mailadres kunnen we je niet antwoorden. Gebruik je eigen, vaste e-mailadres.",
  subject: "Kies waar je vraag over gaat",
  ticketOrOrderNumber: "Een lotnummer of bestelnummer kan maximaal 40 tekens lang zijn",
  message: "Schrijf je vraag",
  messageTooShort: "Schrijf je vraag in minstens 10 tekens",
  messageTooLong: "Je vraag kan maximaal 2000 tekens lang zijn",
} as const;

/** The block, `/klantenservice/bericht` and its confirmation. */
export const contactFormPage = {
  title: "Stel je vraag",
  formLabel: "Stel je vraag aan de klantenservice",
  nameLabel: "Naam",
  emailLabel: "E-mailadres",
  /** A logged-in player's question goes from the account's address: shown, not asked. */
  accountEmail: (email: string) => `We antwoorden op ${email}, het e-mailadres van je account.`,
  subjectLabel: "Waar gaat je vraag over?",
  subjects: {
    "lot-of-prijs": "Mijn lot of prijs",
    abonnement: "Mijn abonnement",
    "cadeaulot-of-actiecode": "Cadeaulot of actiecode",
    account: "Mijn account",
    "betaling-of-saldo": "Betaling of saldo",
    "iets-anders": "Iets anders",
  },
  ticketOrOrderNumberLabel: "Lotnummer of bestelnummer (optioneel)",
  ticketOrOrderNumberHint: "Gaat je vraag over een lot of een bestelling? Dan vinden we die sneller.",
  messageLabel: "Je vraag",
  messageHint: "Minstens 10 en hoogstens 2000 tekens.",
  submit: "Vraag versturen",
  receivedTitle: "We hebben je vraag ontvangen",
  reference: (reference: string) => `Je referentie is ${reference}.`,
  answerWithin: "We antwoorden binnen twee werkdagen, per e-mail.",
  confirmationSent: "Je krijgt ook een bevestiging per e-mail. Noem je referentie als je ons belt of mailt.",
  backToCustomerService: "Terug naar de klantenservice",
} as const;

/** What a question is about, in both e-mails of a question. */
export const emailContactQuestion = {
  subjectLine: (subject: string) => `Onderwerp: ${subject}`,
  ticketOrOrderNumber: (number: string) => `Lotnummer of bestelnummer: ${number}`,
} as const;

/** To the sender: the question was received, its reference and what happens next. */
export const emailContactConfirmation = {
  subject: (reference: string) => `We hebben je vraag ontvangen (${reference})`,
  preview: "We antwoorden binnen twee werkdagen.",
  heading: "We hebben je vraag ontvangen",
  received: (reference: string) =>
    `Bedankt voor je vraag aan de klantenservice van Kroonloterij. Je referentie is ${reference}.`,
  next: "We antwoorden binnen twee werkdagen op dit e-mailadres. Noem je referentie als je ons belt of mailt.",
  copy: "Je vraag:",
  notYou: "Heb jij deze vraag niet gesteld? Dan kun je deze e-mail negeren.",
} as const;

/** To customer service: the question, with the sender to answer (Reply-To). */
export const emailContactMessage = {
  subject: (reference: string, subject: string) => `${reference}: ${subject}`,
  preview: (name: string) => `Nieuwe vraag van ${name}`,
  heading: (reference: string) => `Vraag ${reference}`,
  from: (name: string, email: string) => `Van: ${name} <${email}>`,
  player: (customerNumber: string) => `Speler met klantnummer ${customerNumber} (was ingelogd)`,
  visitor: "Niet ingelogd: het e-mailadres is niet gecontroleerd.",
  question: "Vraag:",
  replyTo: "Beantwoorden gaat naar de afzender (Reply-To).",
} as const;
