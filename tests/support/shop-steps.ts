import type { cookieClient } from "./cookie-client";

/** A player's steps through the shop API that several tests take the same way; no server code. */

type Client = ReturnType<typeof cookieClient>;

/** Logs the client's session in through the API (as the login form's script does); returns the session's token. */
export async function logInThroughApi(client: Client, account: { email: string; password: string }) {
  const login = await client.postJson(
    "/api/authentication/login",
    { email: account.email, password: account.password },
    await client.token("/api/authentication/get-token"),
  );
  if (login.status !== 200) throw new Error(`login as ${account.email} answered ${login.status}`);
  return client.token();
}

/** A street, half, with XL and end digit 7, as the configurator sends it. */
export function halfStreetWithXl(drawId: number | undefined) {
  return {
    drawId,
    productType: "Street",
    fraction: "HALF",
    withXl: true,
    quantity: 1,
    multiplier: 1,
    endDigits: [[-1, 7]],
  };
}

/** The player's decision posted from the payment simulator's page (iDEAL with ING as the bank). */
export function simulatorDecision(action: "approve" | "cancel" | "fail"): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action, issuer: "INGBNL2A" }).toString(),
  };
}
