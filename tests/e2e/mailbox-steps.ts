import type { FrameLocator, Page } from "@playwright/test";
import { expect } from "./fixtures";

const MESSAGE_FRAME = "iframe[title^='E-mail:']";

/**
 * Opens the newest e-mail to `recipient` with `subject` in the mailbox simulator (`/postbus`, issue 42) as a
 * person would: that recipient's mail, then the message. It looks again until the sender has delivered it
 * (a poll of a few seconds) and, with `containing`, until the newest such e-mail is the one that says it
 * (another journey may have sent the same player the same kind of e-mail). Answers the message as the
 * player sees it (its frame).
 */
export async function openEmail(
  page: Page,
  recipient: string,
  subject: string | RegExp,
  containing?: string | RegExp,
): Promise<FrameLocator> {
  const email = page.frameLocator(MESSAGE_FRAME);
  await expect(async () => {
    await page.goto(`/postbus?aan=${encodeURIComponent(recipient)}`);
    await page.getByRole("link", { name: subject }).first().click({ timeout: 1_000 });
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible({ timeout: 1_000 });
    if (containing) {
      await expect(email.getByText(containing).filter({ visible: true }).first()).toBeVisible({
        timeout: 1_000,
      });
    }
  }).toPass({ timeout: 20_000 });
  return email;
}
