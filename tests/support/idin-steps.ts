import { expect } from "vitest";
import { cookieClient } from "./api-harness";

/** The value of a form field of the simulated bank's page. */
export function formField(html: string, name: string): string {
  const match = new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no field ${name}`);
  return match[1] as string;
}

/**
 * Clicks through the simulated bank (iDIN) from its page: logs in, then shares (with `shared` changing the
 * prefilled name or date of birth), cancels or fails. Answers the return address the bank sends back to.
 */
export async function throughIdinBank(
  apiUrl: string,
  redirectUrl: string,
  action: "approve" | "cancel" | "fail",
  shared: { name?: string; birthDate?: string } = {},
): Promise<{ location: string; trxid: string; prefill: { name: string; birthDate: string } }> {
  const bank = cookieClient(apiUrl);
  const login = await bank.request(redirectUrl);
  expect(login.status).toBe(200);
  expect(await login.text()).toContain("Inloggen bij je bank");
  const loggedIn = await bank.postForm(redirectUrl, { action: "login", username: "sanne", password: "x" });
  expect(loggedIn.status).toBe(303);
  const sharePath = loggedIn.headers.get("location") as string;
  const page = await bank.request(sharePath);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Deel je gegevens met Kroonloterij");
  const prefill = { name: formField(html, "name"), birthDate: formField(html, "birthDate") };
  const decided = await bank.postForm(sharePath.split("?")[0] as string, {
    token: formField(html, "token"),
    action,
    name: shared.name ?? prefill.name,
    birthDate: shared.birthDate ?? prefill.birthDate,
  });
  expect(decided.status).toBe(303);
  const location = decided.headers.get("location") as string;
  const trxid = new URL(location, apiUrl).searchParams.get("trxid") as string;
  return { location, trxid, prefill };
}
