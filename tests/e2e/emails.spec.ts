import { and, eq } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { queueEmail } from "@/src/backend/db/outbox/outbox.server";
import { communicationPreferenceChanges, communicationPreferences, players } from "@/src/backend/db/schema";
import { EMAIL_SAMPLES } from "@/src/backend/emails/samples";
import { createPlayer } from "../support/subscription-fixtures";
import { expect, expectURL, test } from "./fixtures";
import { openEmail } from "./mailbox-steps";

/**
 * Issue 42's marketing e-mail: a game of chance's invitation arrives in the player's mailbox with a
 * one-click unsubscribe (RFC 8058 headers) and a link in its footer; the link turns the player's Kroonloterij
 * e-mail off without logging in, after a press of the button (a link scanner's visit changes nothing).
 */

function databaseOf(backend: { embedded?: { db: Db } }): Db {
  if (!backend.embedded) throw new Error("the journey needs the API server's embedded database");
  return backend.embedded.db;
}

test("a game's invitation carries an unsubscribe link that turns e-mail off without logging in", async ({
  page,
  backend,
}) => {
  const db = databaseOf(backend);
  const playerId = await createPlayer(db);
  const [player] = await db.select().from(players).where(eq(players.id, playerId));
  const email = player!.email;
  await db
    .insert(communicationPreferences)
    .values({ playerId, vertical: "kroonloterij", channel: "email", enabled: true, changedAt: new Date() });
  await queueEmail(db, {
    kind: "game-invitation",
    data: { ...EMAIL_SAMPLES["game-invitation"], firstName: "Test" },
    recipient: email,
    playerId,
    key: `game-invitation:journey:${playerId}`,
  });

  const mail = await openEmail(page, email, /^Doe mee met /);
  await expect(mail.getByText("Beste Test,")).toBeVisible();
  await expect(mail.getByRole("link", { name: "Ja, ik doe mee" })).toHaveAttribute("href", /\/winactie\//);
  // The one-click unsubscribe a mail program offers, in the message's headers.
  const headers = page.getByRole("table");
  await expect(headers.getByRole("row", { name: /List-Unsubscribe-Post/ })).toContainText(
    "List-Unsubscribe=One-Click",
  );
  await expect(headers.getByRole("row", { name: /^List-Unsubscribe / })).toContainText("/afmelden?token=");

  await mail.getByRole("link", { name: "Afmelden voor deze e-mails" }).click();
  await expectURL(page, /\/afmelden\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Afmelden voor e-mails" })).toBeVisible();
  const preference = () =>
    db
      .select({ enabled: communicationPreferences.enabled })
      .from(communicationPreferences)
      .where(
        and(eq(communicationPreferences.playerId, playerId), eq(communicationPreferences.channel, "email")),
      );
  // Opening the link changes nothing; the button does.
  expect(await preference()).toEqual([{ enabled: true }]);
  await page.getByRole("button", { name: "Afmelden" }).click();
  await expect(page.getByText("Je ontvangt geen e-mails meer over de Kroonloterij.")).toBeVisible();
  expect(await preference()).toEqual([{ enabled: false }]);
  const changes = await db
    .select({
      enabled: communicationPreferenceChanges.enabled,
      location: communicationPreferenceChanges.location,
    })
    .from(communicationPreferenceChanges)
    .where(eq(communicationPreferenceChanges.playerId, playerId));
  expect(changes).toEqual([{ enabled: false, location: "afmeldlink" }]);

  // A changed link is refused plainly, without a button.
  await page.goto("/afmelden?token=verzonnen");
  await expect(page.getByRole("button", { name: "Afmelden" })).toHaveCount(0);
  await expect(
    page.getByText("Deze afmeldlink werkt niet. Gebruik de link uit de e-mail", { exact: false }),
  ).toBeVisible();
});
