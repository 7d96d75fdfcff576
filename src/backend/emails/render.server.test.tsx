// @vitest-environment node
// Rendered as the sender renders them, with react-email's Node build (the component suite's jsdom would
// load its browser build).
import { describe, expect, it } from "vitest";
import { EMAIL_KIND_NAMES, type EmailKind, type EmailMessage } from "@/src/domain/emails/kinds";
import { renderEmail } from "./render.server";
import { EMAIL_SAMPLES } from "./samples";
import { TEMPLATES } from "./templates/registry";

const SHOP = "https://www.kroonloterij.test";
/** A trailing slash, as a BASE_URL may have one: links never get a double slash. */
const context = { shopUrl: `${SHOP}/` };
const UNSUBSCRIBE = `${SHOP}/afmelden?token=abc`;

const sample = (kind: EmailKind) => ({ kind, data: EMAIL_SAMPLES[kind] }) as EmailMessage;
const headingOf = <K extends EmailKind>(kind: K) => TEMPLATES[kind].heading(EMAIL_SAMPLES[kind]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a player must be able to read in each sample's plain-text part (amounts with a no-break space). */
const FACTS: { [K in EmailKind]: string[] } = {
  "order-confirmation": [
    "Beste Sanne,",
    "Bedankt voor je bestelling van €\u00a045,00",
    "Maandtrekking december 2026 (10 december 2026)",
    "KB12345, KB12346",
    "Oudejaarstrekking 2026 (31 december 2026)",
    `Bekijk je loten: ${SHOP}/mijn/loten`,
  ],
  "gift-order-confirmation": [
    "Bedankt voor je bestelling van €\u00a015,00",
    "Je cadeaulot CS45657 speelt mee in de Maandtrekking december 2026 van 10 december 2026.",
    "Op 5 december 2026 krijgt Pieter een e-mail met het lot",
    "Wint het lot, dan is de prijs voor de ontvanger.",
  ],
  "gift-ticket": [
    "Beste Pieter,",
    "Sanne geeft je een heel lot voor de Maandtrekking december 2026 van 10 december 2026.",
    "Sanne schrijft:",
    "Fijne feestdagen! Ik duim voor je.",
    "Je persoonlijke code: KR7H-3MXP",
  ],
  "subscription-confirmation": [
    "Je speelt mee vanaf de Maandtrekking december 2026 (10 december 2026) met:",
    "Los lot, Heel lot, met XL, elke maand: €\u00a020,00 per trekking",
    "Welkomstkorting: de eerste 2 trekkingen krijg je 50% korting.",
    "schrijven we €\u00a040,00 af",
    "De eerste betaling van €\u00a020,00",
    "Maandtrekking februari 2027 (10 februari 2027): €\u00a040,00",
    "Kenmerk machtiging: KL-MANDAAT-001042, afgegeven op 1 december 2026.",
    `${SHOP}/mijn/abonnementen`,
  ],
  "subscription-cancellation": [
    "Je hebt de volgende loten van abonnement 1042 opgezegd:",
    "Straat (10 loten), Vijfde lot, elke maand",
    "Je speelt voor het laatst mee in de Maandtrekking december 2026 op 10 december 2026.",
  ],
  "collection-failed": [
    "Het is niet gelukt om €\u00a040,00 voor de Maandtrekking december 2026 af te schrijven voor je abonnement 1042.",
    `Betaal het openstaande bedrag: ${SHOP}/mijn/abonnementen#subscription-1042`,
  ],
  "collection-refund": ["€\u00a040,00 teruggezet op je saldo", `${SHOP}/mijn/saldo`],
  "subscription-sign-up-refund": ["€\u00a020,00 teruggezet op je saldo", `${SHOP}/mijn/saldo`],
  prize: [
    "2 van je loten zijn in de prijzen gevallen in de Maandtrekking december 2026.",
    "We hebben €\u00a025,00 op je saldo gezet.",
    `Bekijk je saldo: ${SHOP}/mijn/saldo`,
  ],
  "game-winner": ["Met je lot KB12345 heb je gewonnen: een weekend weg voor twee in Zeeland."],
  deposit: ["€\u00a025,00", "Je saldo is nu €\u00a047,50.", `${SHOP}/mijn/saldo`, "klantenservice"],
  withdrawal: ["We maken €\u00a025,00 van je saldo over naar je rekening **************4300."],
  "age-validation": ["18 jaar of ouder", `Naar Mijn Kroonloterij: ${SHOP}/mijn`],
  "contact-confirmation": [
    "Beste Sanne de Vries,",
    "Je referentie is KS-100042.",
    "We antwoorden binnen twee werkdagen op dit e-mailadres.",
    "Lotnummer of bestelnummer: KB12345",
    "Wanneer staat het bedrag op mijn rekening?",
  ],
  "contact-message": [
    "Van: Sanne de Vries <sanne@example.nl>",
    "Speler met klantnummer 1000042",
    "Onderwerp: Mijn lot of prijs",
    "Wanneer staat het bedrag op mijn rekening?",
  ],
  "lead-confirmation": [
    "Je hebt je aangemeld voor Kerstactie 2026.",
    "Pas als je hebt bevestigd, doe je mee.",
    `Ja, ik bevestig mijn aanmelding: ${SHOP}/actie/aanmelden/bevestigen?token=voorbeeld`,
  ],
  "password-reset": [
    "Beste Sanne,",
    "De link is een uur geldig, tot 2 december 2026 om 16:30, en werkt één keer.",
    `Kies een nieuw wachtwoord: ${SHOP}/wachtwoord-herstellen?token=voorbeeld`,
  ],
  "password-changed": [
    "Beste Sanne,",
    "Het wachtwoord van je Kroonloterij-account is gewijzigd op 2 december 2026 om 15:30.",
    "Heb je dit niet zelf gedaan? Neem dan meteen contact op met de klantenservice.",
    `Naar de klantenservice: ${SHOP}/klantenservice`,
  ],
  "email-change-confirmation": [
    "Je hebt gevraagd om sanne.nieuw@example.nl voortaan te gebruiken voor je Kroonloterij-account.",
    `Bevestig mijn nieuwe e-mailadres: ${SHOP}/e-mailadres-bevestigen?token=voorbeeld`,
    "De link is 24 uur geldig, tot 3 december 2026 om 15:30, en werkt één keer.",
  ],
  "email-change-notice": [
    "Op 2 december 2026 om 15:30 is gevraagd om het e-mailadres van je Kroonloterij-account te wijzigen in s***@example.nl.",
    "Heb je dit niet zelf gedaan? Neem dan meteen contact op met de klantenservice.",
    `Naar de klantenservice: ${SHOP}/klantenservice`,
  ],
  "game-invitation": [
    "Te winnen: een weekend weg voor twee in Zeeland",
    "Doe met je 3 loten mee aan Winterwinactie 2026.",
    "Meedoen kan tot 20 december 2026.",
    `Ja, ik doe mee: ${SHOP}/winactie/winterwinactie-2026/link?data=voorbeeld`,
  ],
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? "");
const textUrls = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);

describe.each(EMAIL_KIND_NAMES)("the %s e-mail", (kind) => {
  it("has a subject, a Dutch HTML part with its heading, and the facts in its text part", async () => {
    const email = await renderEmail(sample(kind), context);
    const heading = headingOf(kind);

    expect(email.subject).not.toBe("");
    expect(email.html).toContain('lang="nl"');
    expect(email.html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(heading)}</h1>`));
    expect(email.html).toContain('data-skip-in-text="true"'); // the preview line
    expect(email.text).toContain(heading);
    for (const fact of FACTS[kind]) expect(email.text).toContain(fact);
    expect(email.text.trimEnd()).toMatch(/Speel bewust 18\+\s+Deze e-mail is verstuurd door Kroonloterij\.$/);
  });

  it("links only to absolute URLs on the shop, each in both parts", async () => {
    const email = await renderEmail(sample(kind), context);
    const links = hrefs(email.html);

    for (const link of [...links, ...textUrls(email.text)])
      expect(link).toMatch(new RegExp(`^${escapeRegExp(SHOP)}/(?!/)`));
    for (const link of links) expect(email.text).toContain(link);
  });

  it("has no images (no images of text, no tracking pixels)", async () => {
    const email = await renderEmail(sample(kind), context);

    expect(email.html).not.toMatch(/<img|url\(|@import|<link/i);
  });

  it("shows a player's name as text, never as markup", async () => {
    const name = "<script>alert(1)</script>";
    const data = Object.fromEntries(
      Object.entries(EMAIL_SAMPLES[kind]).map(([key, value]) => [
        key,
        ["firstName", "recipientName", "giverName", "name"].includes(key) ? name : value,
      ]),
    );
    const email = await renderEmail({ kind, data } as EmailMessage, context);

    expect(email.html).not.toMatch(/<script/i);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.text).toContain(name);
  });
});

describe("the gift ticket", () => {
  it("carries the redeem link with its code in both parts", async () => {
    const email = await renderEmail(sample("gift-ticket"), context);
    const link = `${SHOP}/cadeau/verzilveren?code=KR7H-3MXP`;

    expect(email.html).toContain(`href="${link}"`);
    expect(email.text).toContain(`Verzilver je lot: ${link}`);
  });
});

describe("the unsubscribe link", () => {
  it("is in a marketing e-mail when given, in both parts", async () => {
    const email = await renderEmail(sample("game-invitation"), { ...context, unsubscribeUrl: UNSUBSCRIBE });

    expect(email.html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(email.text).toContain(`Afmelden voor deze e-mails: ${UNSUBSCRIBE}`);
  });

  it("is not there when not given", async () => {
    const email = await renderEmail(sample("game-invitation"), context);

    expect(email.html).not.toContain("Afmelden");
    expect(email.text).not.toContain("Afmelden");
  });

  it("is never in a transactional e-mail, which a player cannot unsubscribe from", async () => {
    const email = await renderEmail(sample("order-confirmation"), {
      ...context,
      unsubscribeUrl: UNSUBSCRIBE,
    });

    expect(email.html).not.toContain(UNSUBSCRIBE);
    expect(email.text).not.toContain("Afmelden");
  });
});
