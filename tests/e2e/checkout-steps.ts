import type { Page } from "@playwright/test";
import { expect, expectURL } from "./fixtures";

/** Checkout steps the journeys with and without JavaScript share: from the payment simulator to the tickets. */

const TICKET_NUMBER = /^[A-Z]{2}\d{5}$/;

/** The ticket numbers in the page's table cells, as shown. */
export async function issuedNumbers(page: Page): Promise<string[]> {
  const cells = page.getByRole("cell").filter({ hasText: TICKET_NUMBER });
  return (await cells.allTextContents()).map((text) => text.trim());
}

/** The result page of a paid order: its thanks, and the numbers of the tickets it issued. */
export async function paidOrderNumbers(page: Page): Promise<string[]> {
  await expect(page.getByRole("heading", { level: 1, name: "Bedankt voor je bestelling!" })).toBeVisible();
  return issuedNumbers(page);
}

/** Approves the payment on the simulator's page; returns the issued numbers the result page shows. */
export async function approvePayment(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: "Betaling goedkeuren" }).click();
  await expectURL(page, /\/afrekenen\/resultaat\?transactionId=/);
  return paidOrderNumbers(page);
}

/** A street's ten tickets: one prefix ending in the chosen end digit, then the digits 0 to 9 in order. */
export function expectStreet(numbers: string[], endDigit: number): void {
  expect(numbers).toHaveLength(10);
  const prefix = numbers[0]!.slice(0, 6);
  expect(prefix).toMatch(new RegExp(`^[A-Z]{2}\\d{3}${endDigit}$`));
  expect(numbers).toEqual(Array.from({ length: 10 }, (_, digit) => `${prefix}${digit}`));
}
