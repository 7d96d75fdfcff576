import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { Db } from "@/src/backend/db/database.server";
import { outboxEmails } from "@/src/backend/db/schema";
import { sendDueGifts } from "@/src/backend/orders/gift-tickets.server";
import { BOTH_SHAPES, expect, expectURL, portalPage, test, waitForHydration } from "./fixtures";
import { approveGiftPayment, giftTicketNumber, sentGift } from "./gift-steps";
import { openEmail } from "./mailbox-steps";
import { confirmAgeAtBank, logInThroughApi, register } from "./player-steps";

/**
 * Issue 17's first journey: a player gives a ticket on /cadeau and pays (confirming her age first); the
 * recipient's e-mail is sent on the send date (today); the recipient opens it in the mailbox simulator,
 * follows its link, logs in and redeems the ticket, which is then on her /mijn/loten; a second redeem is refused. The second: a visitor
 * without an account redeems through iDIN and completes an account through the portal.
 */

const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journey needs the API server's embedded database");
  return backend.embedded.db;
}

test("give a ticket, pay, the recipient redeems it from the e-mail's link; a second redeem is refused", async ({
  page,
  backend,
}) => {
  const recipientEmail = `sanne.${randomBytes(4).toString("hex")}@example.nl`;
  await register(page, `eva.cadeau.${randomBytes(4).toString("hex")}@example.nl`);

  // The gift page's form: the first draw, a whole ticket, today (the date left empty).
  await page.goto("/cadeau");
  const form = page.getByRole("form", { name: "Geef een lot cadeau" });
  await form.getByLabel("Naam van de ontvanger").fill("Sanne");
  await form.getByLabel("E-mailadres van de ontvanger").fill("sanne@mailinator.com");
  await form.getByLabel("Je bericht (optioneel)").fill("Van harte gefeliciteerd!");
  await form.getByRole("button", { name: "Verder naar betalen" }).click();

  // A throwaway mailbox is refused at its field, and nothing typed is lost.
  await expectURL(page, /\/cadeau\/geven$/);
  await expect(page.getByLabel("E-mailadres van de ontvanger")).toHaveAccessibleDescription(
    "Naar dit e-mailadres kunnen we geen lot sturen",
  );
  await expect(page.getByRole("alert", { name: "Er ging iets mis met je gegevens" })).toBeFocused();
  await expect(page.getByLabel("Naam van de ontvanger")).toHaveValue("Sanne");
  await expect(page.getByLabel("Je bericht (optioneel)")).toHaveValue("Van harte gefeliciteerd!");
  await page.getByLabel("E-mailadres van de ontvanger").fill(recipientEmail);
  await page.getByRole("button", { name: "Verder naar betalen" }).click();

  // Paying is a payment like any other: the age check first, then back to the gift.
  await expectURL(page, /\/mijn\/leeftijdscontrole\?returnUrl=%2Fcadeau%2Fgeven%3Fcadeau%3D/);
  await confirmAgeAtBank(page);
  await expectURL(page, /\/cadeau\/geven\?cadeau=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Je cadeaulot" })).toBeVisible();
  await expect(page.getByText(`Sanne (${recipientEmail})`)).toBeVisible();
  await page.getByRole("button", { name: /^Betaal €\s17,50$/ }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  const orderNumber = await approveGiftPayment(page, {
    recipient: "Sanne",
    sendOn: "vandaag",
    amount: "€ 17,50",
  });

  // The giver's orders (issue 43) list the gift with its number, for Sanne, paid.
  await page.getByRole("link", { name: "Bekijk al je bestellingen" }).click();
  await expectURL(page, /\/mijn\/bestellingen$/);
  const card = page
    .getByRole("list", { name: "Je bestellingen en betalingen" })
    .getByRole("listitem")
    .filter({ hasText: orderNumber });
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(/Cadeaulot voor Sanne\s*€\s17,50/);
  // Sent today: the job may have sent it already.
  await expect(card).toContainText(/Status(Betaald, nog niet verstuurd|Verstuurd)Bestelnummer/);

  // The send date is today: the job e-mails the recipient her code and link.
  const db = databaseOf(backend);
  const number = await giftTicketNumber(db, recipientEmail);
  expect(number).toMatch(/^[A-Z]{2}\d{5}$/);
  await sendDueGifts({ db, logger: pino({ level: "silent" }), now: () => new Date() });
  const [mail] = await db.select().from(outboxEmails).where(eq(outboxEmails.recipient, recipientEmail));
  expect(mail?.kind).toBe("gift-ticket");

  // Sent: the giver can send it again from her orders (issue 43).
  await page.goto("/mijn/bestellingen");
  await card.getByRole("button", { name: "Stuur de e-mail opnieuw" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "We hebben de e-mail met de code opnieuw gestuurd naar s***@example.nl." }),
  ).toBeVisible();

  // The recipient (another player, another browser) reads the e-mail in her mailbox and follows its link.
  await page.context().clearCookies();
  const email = await openEmail(page, recipientEmail, "Eva geeft je een lot van de Kroonloterij!");
  await expect(email.getByRole("heading", { name: "Je hebt een lot cadeau gekregen" })).toBeVisible();
  await expect(email.getByText("Van harte gefeliciteerd!")).toBeVisible();
  await expect(email.getByText(/Je persoonlijke code: [A-Z0-9]{4}-[A-Z0-9]{4}/)).toBeVisible();
  await email.getByRole("link", { name: "Verzilver je lot" }).click();
  await expectURL(page, /\/cadeau\/verzilveren\?code=[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const link = new URL(page.url()).pathname + new URL(page.url()).search;
  // Before redeeming, the page says who gives what (issue 43).
  const gift = page.getByRole("region", { name: "Een cadeau van Eva" });
  await expect(gift).toContainText(/Een heel lot voor de .+ van \d{1,2} \w+ \d{4}\./);
  await expect(gift).toContainText("Van harte gefeliciteerd!");
  await page.getByRole("button", { name: "Inloggen en verzilveren" }).click();
  await expectURL(page, portalPage("inloggen", `${link}&ingelogd=ja`));
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO.email);
  await page.getByLabel("Wachtwoord").fill(DEMO.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
  // Back with the code kept: one click redeems it.
  await expect(page.getByRole("heading", { level: 1, name: "Cadeaulot verzilveren" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Je bent ingelogd. Je code staat al ingevuld" }),
  ).toHaveText(
    "Je bent ingelogd. Je code staat al ingevuld: klik op Verzilveren en het lot staat in Mijn loten.",
  );
  await expect(page.getByLabel("Code")).toHaveValue(link.slice(-9));
  await page.getByRole("button", { name: "Verzilveren" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Gelukt! Lot ${number} speelt mee` }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Naar Mijn loten" }).click();
  await expect(page.getByRole("cell", { name: number as string, exact: true })).toBeVisible();

  // The code redeems once.
  await page.goto(link as string);
  await page.getByRole("button", { name: "Verzilveren" }).click();
  await expect(page.getByRole("alert")).toHaveText("Deze code is ongeldig of al gebruikt.");
});

test("a visitor without an account redeems a gift through iDIN, then completes an account through the portal", {
  tag: BOTH_SHAPES,
}, async ({ page, backend }) => {
  const { code, number } = await sentGift(databaseOf(backend));
  const link = `/cadeau/verzilveren?code=${code}`;

  // The e-mail's link, without a login: log in, or redeem without an account through iDIN.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Cadeaulot verzilveren" })).toBeVisible();
  const idin = page.getByRole("group", { name: "Nog geen account?" });
  await idin.getByRole("button", { name: "Verzilveren met iDIN" }).click();
  await expect(page.getByRole("alert")).toHaveText("Kies je bank");
  await page.getByLabel("Je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Verzilveren met iDIN" }).click();

  // At the bank: the visitor shares her name and date of birth (18 or older).
  await expect(page.getByRole("heading", { name: "Inloggen bij je bank" })).toBeVisible();
  await page.getByLabel("Gebruikersnaam").fill("sanne");
  await page.getByLabel("Wachtwoord").fill("geheim");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await page.getByLabel("Naam").fill("Sanne de Vries");
  await page.getByLabel("Geboortedatum").fill("1992-06-14");
  await page.getByRole("button", { name: "Gegevens delen" }).click();

  // Back at the shop: confirmed, on to the portal's registration, which comes back here.
  await expectURL(page, /\/cadeau\/verzilveren\/idin\?trxid=idin_/);
  await expect(page.getByRole("status").filter({ hasText: "Bedankt, Sanne de Vries." })).toBeVisible();
  await page.getByRole("link", { name: "Account aanmaken" }).click();
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(`sanne.${randomBytes(4).toString("hex")}@example.nl`);
  await page.getByLabel("Wachtwoord").fill("Lotje-2026!");
  await page.getByLabel("Voornaam").fill("Sanne");
  await page.getByLabel("Tussenvoegsel").fill("de");
  await page.getByLabel("Achternaam").fill("Vries");
  await page.getByLabel("Geboortedatum").fill("14-06-1992");
  await page.getByLabel("Postcode").fill("1234 AB");
  await page.getByLabel("Huisnummer").fill("12");
  await page.getByLabel(/Ik ga akkoord/).check();
  await page.getByRole("button", { name: "Account aanmaken" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Je account is klaar" })).toBeVisible();
  await page.getByRole("link", { name: "Verder" }).click();

  // The ticket is hers, and her age counts as confirmed: no second visit to the bank.
  await expect(
    page.getByRole("status").filter({ hasText: `Gelukt! Lot ${number} speelt mee` }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Naar Mijn loten" }).click();
  await expect(page.getByRole("cell", { name: number, exact: true })).toBeVisible();
  await page.goto("/mijn/leeftijdscontrole");
  await expect(page.getByText("Je leeftijd is bevestigd. Je hoeft dit niet opnieuw te doen.")).toBeVisible();

  // The code redeems once.
  await page.goto(link);
  await page.getByRole("button", { name: "Verzilveren" }).click();
  await expect(page.getByRole("alert")).toHaveText("Deze code is ongeldig of al gebruikt.");
});

test("a declined gift payment comes back to the gift, kept and filled in, with the gift's message (issue 40)", async ({
  page,
}) => {
  await logInThroughApi(page);
  await page.goto("/cadeau");
  const form = page.getByRole("form", { name: "Geef een lot cadeau" });
  await form.getByLabel("Naam van de ontvanger").fill("Joris");
  await form.getByLabel("E-mailadres van de ontvanger").fill("joris@example.nl");
  await form.getByLabel("Je bericht (optioneel)").fill("Fijne feestdagen!");
  await form.getByRole("button", { name: "Verder naar betalen" }).click();
  await expectURL(page, /\/cadeau\/geven\?cadeau=[0-9a-f-]{36}$/);
  const gift = page.url();
  await page.getByRole("button", { name: /^Betaal €/ }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await page.getByRole("button", { name: "Betaling laten mislukken" }).click();

  // Back at the gift, not at an empty basket: its words, and all of it as it was.
  await expectURL(page, gift);
  await expect(
    page.getByText("Je betaling is niet gelukt. Je cadeaulot staat nog klaar, probeer het opnieuw."),
  ).toBeVisible();
  await expect(page.getByText("Je winkelmandje")).toHaveCount(0);
  await expect(page.getByText("Joris (joris@example.nl)")).toBeVisible();
  await expect(page.getByText("Fijne feestdagen!")).toBeVisible();
  await page.getByRole("link", { name: "Cadeau aanpassen" }).click();
  await expect(page.getByLabel("Naam van de ontvanger")).toHaveValue("Joris");
  await expect(page.getByLabel("E-mailadres van de ontvanger")).toHaveValue("joris@example.nl");
  await expect(page.getByLabel("Je bericht (optioneel)")).toHaveValue("Fijne feestdagen!");

  // The same gift paid again goes through.
  await page.getByRole("button", { name: "Verder naar betalen" }).click();
  await expectURL(page, gift);
  await page.getByRole("button", { name: /^Betaal €/ }).click();
  await expectURL(page, /\/betaalsimulator\/tr_/);
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });
  await approveGiftPayment(page, { recipient: "Joris", sendOn: "vandaag", amount: "€ 17,50" });
});
