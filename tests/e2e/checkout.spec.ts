import type { Page } from "@playwright/test";
import { approvePayment, expectStreet, issuedNumbers, paidOrderNumbers } from "./checkout-steps";
import { BOTH_SHAPES, expect, expectURL, portalPage, test, waitForHydration } from "./fixtures";

/** Issue 6 journeys: configure -> basket -> checkout -> payment simulator -> tickets, and `window.basket`. */
const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

async function logIn(page: Page) {
  await waitForHydration(page);
  await page.getByLabel("E-mailadres").fill(DEMO.email);
  await page.getByLabel("Wachtwoord").fill(DEMO.password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

test("anonymous: a street, half, with XL and digit 7 -> basket -> login -> iDEAL approve -> 10 consecutive numbers, also on /mijn/loten", {
  tag: BOTH_SHAPES,
}, async ({ page }) => {
  await page.goto("/loten");
  await waitForHydration(page);
  const configurator = page.getByRole("form", { name: "Stel je loten samen" });
  await configurator.getByRole("radio", { name: /^Oudejaarstrekking/ }).check();
  await configurator.getByRole("radio", { name: "Straat (10 loten)" }).check();
  await configurator.getByRole("radio", { name: /^Half lot/ }).check();
  await configurator.getByRole("checkbox", { name: /Speel mee met XL/ }).check();
  await configurator.getByLabel("Eindcijfer lot 1").fill("7");
  await expect(configurator.getByRole("status", { name: "Je keuze" })).toContainText("€ 162,50");
  await configurator.getByRole("button", { name: "In winkelmandje" }).click();
  await expect(page.getByText("Je loten liggen in je winkelmandje.")).toBeVisible();

  await page
    .getByRole("banner")
    .getByRole("link", { name: /Winkelmandje/ })
    .click();
  await expectURL(page, /\/winkelmandje$/);
  await expect(page.getByRole("heading", { name: /^Straat \(10 loten\)/ })).toBeVisible();
  await page.getByRole("link", { name: "Afrekenen" }).click();

  await expectURL(page, portalPage("inloggen", "/afrekenen"));
  await logIn(page);
  await expectURL(page, /\/afrekenen$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Betaal € 162,50" }).click();

  await expectURL(page, /\/betaalsimulator\/tr_/);
  await expect(page.getByText("€ 162,50")).toBeVisible();
  await page.getByLabel("Kies je bank").selectOption({ label: "ING" });

  const numbers = await approvePayment(page);
  expectStreet(numbers, 7);
  await expect(page.getByRole("cell", { name: "Half lot" })).toHaveCount(10);

  // Coming back to the same transaction shows the same order, not a second one.
  await page.reload();
  expect(await issuedNumbers(page)).toEqual(numbers);

  await page.getByRole("link", { name: "Bekijk al je loten" }).click();
  await expectURL(page, /\/mijn\/loten$/);
  for (const number of numbers)
    await expect(page.getByRole("cell", { name: number, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Online lot" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Abonnement" }).first()).toBeVisible();

  // The paid basket is empty now.
  await page.goto("/winkelmandje");
  await expect(page.getByText("Je winkelmandje is nog leeg.")).toBeVisible();
});

test("the order holds what the checkout page shows, even when another tab changed the basket meanwhile", async ({
  page,
}) => {
  await page.goto("/inloggen?returnUrl=%2Fmijn");
  await logIn(page);
  await expectURL(page, /\/mijn$/);
  await page.goto("/winkelmandje/lot-toevoegen?soort=lot&aantal=2&eindcijfers=12,34");
  await page.goto("/afrekenen");
  await waitForHydration(page);
  await page.waitForFunction(() => Boolean(window.basket));
  // Another tab puts one more ticket in the shared basket cookie.
  await page.evaluate(() => {
    const [single] = window.basket!.getClassicTickets();
    window.basket!.addTicket({ ...single!, basketItemId: undefined, quantity: 1, endDigits: [[5, 5]] });
  });
  await page.getByRole("button", { name: "Betaal € 35,00" }).click();
  await expectURL(page, /\/betaalsimulator\//);
  await expect(page.getByText("€ 35,00")).toBeVisible();
});

test("cancelling the payment returns to the basket with a message and the basket intact", async ({
  page,
}) => {
  await page.goto("/inloggen?returnUrl=%2Fmijn");
  await logIn(page);
  await expectURL(page, /\/mijn$/);

  await page.goto("/winkelmandje/lot-toevoegen?soort=lot&aantal=2&eindcijfers=12,34");
  await expectURL(page, /\/winkelmandje$/);
  await expect(page.getByText("Los lot").first()).toBeVisible();

  await page.getByRole("link", { name: "Afrekenen" }).click();
  await expectURL(page, /\/afrekenen$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Betaal € 35,00" }).click();
  await expectURL(page, /\/betaalsimulator\//);
  await page.getByRole("button", { name: "Annuleren" }).click();

  await expectURL(page, /\/winkelmandje$/);
  await expect(
    page.getByText("Je hebt de betaling geannuleerd. Je winkelmandje staat nog klaar."),
  ).toBeVisible();
  await expect(page.getByText("Los lot").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Afrekenen" })).toBeVisible();

  // A second attempt starts a new order and can be paid by credit card.
  await page.getByRole("link", { name: "Afrekenen" }).click();
  await waitForHydration(page);
  await page.getByRole("radio", { name: "Creditcard" }).check();
  await page.getByRole("button", { name: "Betaal € 35,00" }).click();
  await page.getByLabel("Kaartnummer").fill("4111 1111 1111 1111");
  await page.getByLabel("Naam op de kaart").fill("A van der Berg");
  await page.getByLabel("Vervaldatum (MM/JJ)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Betalen" }).click();
  const numbers = await paidOrderNumbers(page);
  expect(numbers).toHaveLength(2);
  expect(numbers.map((number) => number.slice(-2)).sort()).toEqual(["12", "34"]);
});

type CartEvent = { event: string; ecommerce: { items: Array<{ quantity: number; withXl: boolean }> } };

test("window.basket: merging, updates and their dataLayer events, the two errors, the limit", async ({
  page,
}) => {
  await page.goto("/loten");
  await waitForHydration(page);
  // The dataLayer events need consent for measurement (issue 20).
  await page.getByRole("button", { name: "Noodzakelijk en meten" }).click();
  await page.waitForFunction(() => Boolean(window.basket));

  const ticket = await page.evaluate(async () => {
    const { token } = (await (await fetch("/api/token")).json()) as { token: string };
    const details = (await (await fetch("/api/tickets/loten/configurator/price-details")).json()) as {
      draws: Array<{ drawId: number; kind: string }>;
    };
    const draw = details.draws.find((candidate) => candidate.kind === "regular")!;
    const response = await fetch("/api/tickets/verify/loten", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        RequestVerificationToken: token,
        "X-Requested-With": "XMLHttpRequest",
      },
      body: JSON.stringify({
        drawId: draw.drawId,
        productType: "SingleTicket",
        fraction: "WHOLE",
        quantity: 1,
        endDigits: [[1, 2]],
      }),
    });
    return ((await response.json()) as { ticket: Record<string, unknown> }).ticket;
  });

  const state = await page.evaluate((single) => {
    const basket = window.basket!;
    window.dataLayer = [];
    basket.addTicket({ ...single, basketItemId: undefined });
    basket.addTicket({ ...single, basketItemId: undefined, endDigits: [[3, 4]] });
    basket.addTicket({ _type: "MjsBasketTicket", quantity: 2, drawId: 100_001 });
    basket.addTicket({ _type: "MjsBasketTicket", quantity: 1, drawId: 100_001 });
    return {
      all: basket.getAllTickets(),
      classic: basket.getClassicTickets().length,
      million: basket.getMillionGameTickets(),
      quantity: basket.getTicketQuantity(),
      remaining: basket.getRemainingTicketSpace(),
    };
  }, ticket);
  expect(state.all).toHaveLength(2);
  expect(state.classic).toBe(1);
  expect(state.all[0]).toMatchObject({
    quantity: 2,
    endDigits: [
      [1, 2],
      [3, 4],
    ],
    isFractional: false,
  });
  expect(state.million).toEqual([expect.objectContaining({ quantity: 3, drawId: 100_001 })]);
  expect(state.quantity).toBe(5);
  expect(state.remaining).toBe(95);
  await expect(
    page.getByRole("status", { name: "Winkelmandje" }).getByText("Lot toegevoegd aan je winkelmandje"),
  ).toBeVisible();

  const classicId = state.all[0]!.basketItemId as string;
  const millionId = state.million[0]!.basketItemId as string;
  const errors = await page.evaluate(
    ([id]) => {
      const attempt = (run: () => unknown) => {
        try {
          run();
          return "no error";
        } catch (error) {
          return (error as Error).message;
        }
      };
      return [
        attempt(() => window.basket!.updateTicket("geen-lot", { quantity: 1 })),
        attempt(() => window.basket!.updateTicket(id!, { quantity: "veel" })),
      ];
    },
    [classicId],
  );
  expect(errors).toEqual(["Ticket not found in basket", "Not a valid ticket"]);

  const events = async (run: string) =>
    page.evaluate((code) => {
      window.dataLayer = [];
      new Function(code)();
      return (window.dataLayer as Array<Partial<CartEvent>>).filter((entry) => entry.event) as CartEvent[];
    }, run);

  const up = await events(`window.basket.updateTicket(${JSON.stringify(classicId)}, { quantity: 5 })`);
  expect(up.map((event) => [event.event, event.ecommerce.items[0]!.quantity])).toEqual([["add_to_cart", 3]]);
  const down = await events(`window.basket.updateTicket(${JSON.stringify(classicId)}, { quantity: 1 })`);
  expect(down.map((event) => [event.event, event.ecommerce.items[0]!.quantity])).toEqual([
    ["remove_from_cart", 4],
  ]);
  const xl = await events(`window.basket.updateTicket(${JSON.stringify(classicId)}, { withXl: true })`);
  expect(xl.map((event) => [event.event, event.ecommerce.items[0]!.withXl])).toEqual([
    ["remove_from_cart", false],
    ["add_to_cart", true],
  ]);
  const millionDown = await events(
    `window.basket.updateTicket(${JSON.stringify(millionId)}, { quantity: 1 })`,
  );
  expect(millionDown.map((event) => [event.event, event.ecommerce.items[0]!.quantity])).toEqual([
    ["remove_from_cart", 2],
  ]);

  // Over the limit: nothing changes and the error flash says why.
  const overLimit = await page.evaluate(
    (single) => window.basket!.addTicket({ ...single, basketItemId: undefined, quantity: 99, endDigits: [] }),
    ticket,
  );
  expect(overLimit).toBe(false);
  await expect(page.getByText("Je kunt maximaal 100 loten tegelijk bestellen")).toBeVisible();
  expect(await page.evaluate(() => window.basket!.getRemainingTicketSpace())).toBe(98);

  // Quantity 0 removes the item; the basket survives a reload (cookie).
  await page.evaluate((id) => window.basket!.updateTicket(id, { quantity: 0 }), millionId);
  await page.reload();
  await waitForHydration(page);
  await page.waitForFunction(() => Boolean(window.basket));
  const after = await page.evaluate(() => window.basket!.getAllTickets());
  expect(after).toEqual([expect.objectContaining({ basketItemId: classicId, quantity: 1, withXl: true })]);
});
