import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageValidations, outboxEmails, players } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { ageValidationMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import {
  type ApiHarness,
  cookieClient,
  startApiHarness,
  TRUSTED_FRONT_END,
} from "@/tests/support/api-harness";
import { formField, throughIdinBank } from "@/tests/support/idin-steps";
import { halfStreetWithXl, logInThroughApi } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Age validation through iDIN (issue 16) over HTTP: the shop's calls and the simulated bank's pages,
 * driven as a browser without JavaScript drives them.
 */

let api: ApiHarness;
const PASSWORD = "Leeftijd-Test-2026!";

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

type Client = ReturnType<typeof cookieClient>;

/** A new player (NotValidated, born 1990-05-17, surname "de Vries"), logged in. */
async function newPlayer(): Promise<{ client: Client; token: string; playerId: string; email: string }> {
  const email = `idin-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Sanne",
    middleName: "de",
    lastName: "Vries",
    birthDate: "1990-05-17",
    street: "Dorpsstraat",
    houseNumber: 3,
    postalCode: "1234AB",
    city: "Kroondorp",
  });
  const client = cookieClient(api.url);
  return {
    client,
    token: await logInThroughApi(client, { email, password: PASSWORD }),
    playerId: id,
    email,
  };
}

/** The age-validation e-mails queued for the player. */
async function outcomeMails(playerId: string) {
  return api.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.playerId, playerId), eq(outboxEmails.kind, "age-validation")));
}

async function start(client: Client, token: string, body: Record<string, unknown>) {
  return client.postJson("/api/age-validation/idin", body, token);
}

/** Clicks through the simulated bank of this harness. */
function throughBank(
  redirectUrl: string,
  action: "approve" | "cancel" | "fail",
  shared: { name?: string; birthDate?: string } = {},
) {
  return throughIdinBank(api.url, redirectUrl, action, shared);
}

async function complete(client: Client, token: string, transactionId: string) {
  return client.postJson("/api/age-validation/idin/return", { transactionId }, token);
}

async function state(client: Client) {
  const response = await client.request("/api/my/common/responsible-gaming/age-validation");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return response.json();
}

describe("GET /api/age-validation/idin-issuers", () => {
  it("lists the banks that offer iDIN, cacheable", async () => {
    const response = await fetch(`${api.url}/api/age-validation/idin-issuers`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const { issuers } = await response.json();
    expect(issuers).toContainEqual({ id: "INGBNL2A", name: "ING" });
    expect(issuers).toContainEqual({ id: "RABONL2U", name: "Rabobank" });
  });
});

describe("iDIN age validation", () => {
  it("validates an adult whose name and date of birth match, once", async () => {
    const { client, token, playerId, email } = await newPlayer();
    expect(await state(client)).toEqual({ validationState: "NotValidated", lastAttempt: null });

    const started = await start(client, token, { issuerId: "INGBNL2A", returnPath: "/afrekenen" });
    expect(started.status).toBe(200);
    expect(started.headers.get("cache-control")).toBe("private, no-store");
    const { redirectUrl, validationId } = await started.json();
    expect(redirectUrl).toMatch(/^\/idin-simulator\/idin_[0-9a-f]{32}$/);
    expect(validationId).toEqual(expect.any(String));

    const bank = await throughBank(redirectUrl, "approve");
    expect(bank.prefill).toEqual({ name: "Sanne de Vries", birthDate: "1990-05-17" });
    expect(bank.location).toBe(`/leeftijdscontrole/terug?trxid=${bank.trxid}`);

    const completed = await complete(client, token, bank.trxid);
    expect(completed.status).toBe(200);
    const answer = await completed.json();
    expect(answer).toEqual({ status: "validated", validationState: "Validated", returnPath: "/afrekenen" });
    expect(await state(client)).toEqual({
      validationState: "Validated",
      lastAttempt: { status: "validated", at: expect.any(String) },
    });

    // A replay (reload, second tab) answers the same and records nothing more.
    const replay = await complete(client, token, bank.trxid);
    expect(await replay.json()).toEqual(answer);
    const [row] = await api.database.db
      .select()
      .from(ageValidations)
      .where(eq(ageValidations.transactionId, bank.trxid));
    expect(row).toMatchObject({
      status: "validated",
      sharedName: "Sanne de Vries",
      sharedBirthDate: "1990-05-17",
    });
    // The player is told once, replay or not.
    const mails = await outcomeMails(playerId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: email, key: `age-validation:${validationId}` });
    expect(mails[0]?.data).toEqual({ firstName: "Sanne", outcome: "validated" });

    // Validated: no bank again, the flow goes straight on.
    const again = await start(client, token, { issuerId: "INGBNL2A", returnPath: "/abonnement/afsluiten" });
    expect(await again.json()).toEqual({ redirectUrl: "/abonnement/afsluiten", validationId: null });
  });

  it("refuses a player the bank says is under 18, and every start after", async () => {
    const { client, token, playerId } = await newPlayer();
    const { redirectUrl } = await (await start(client, token, { issuerId: "RABONL2U" })).json();
    const year = new Date().getFullYear() - 16;
    const bank = await throughBank(redirectUrl, "approve", { birthDate: `${year}-05-17` });
    const answer = await (await complete(client, token, bank.trxid)).json();
    expect(answer).toEqual({ status: "underage", validationState: "Refused", returnPath: "/mijn" });
    expect((await outcomeMails(playerId)).map((mail) => mail.data)).toEqual([
      { firstName: "Sanne", outcome: "underage" },
    ]);

    const refused = await start(client, token, { issuerId: "RABONL2U" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).detail).toBe(ageValidationMessages.refused);
    // The portal's start says the same.
    const portal = await client.postJson(
      "/api/my/common/responsible-gaming/age-validation",
      { issuerId: "RABONL2U" },
      token,
    );
    expect(portal.status).toBe(422);
    expect((await portal.json()).detail).toBe(ageValidationMessages.refused);
  });

  it("leaves a name that differs from the account to customer service", async () => {
    const { client, token, playerId } = await newPlayer();
    const { redirectUrl } = await (await start(client, token, { issuerId: "ABNANL2A" })).json();
    const bank = await throughBank(redirectUrl, "approve", { name: "S. Jansen" });
    const answer = await (await complete(client, token, bank.trxid)).json();
    expect(answer).toMatchObject({ status: "mismatch", validationState: "Review" });
    expect((await outcomeMails(playerId)).map((mail) => mail.data)).toEqual([
      { firstName: "Sanne", outcome: "flagged" },
    ]);
    const review = await start(client, token, { issuerId: "ABNANL2A" });
    expect(review.status).toBe(422);
    expect((await review.json()).detail).toBe(ageValidationMessages.review);
  });

  it("records a cancelled or failed authentication without changing the state", async () => {
    const { client, token, playerId } = await newPlayer();
    const first = await (await start(client, token, { issuerId: "INGBNL2A" })).json();
    const cancelled = await throughBank(first.redirectUrl, "cancel");
    expect(await (await complete(client, token, cancelled.trxid)).json()).toMatchObject({
      status: "cancelled",
      validationState: "NotValidated",
    });
    expect(await state(client)).toMatchObject({
      validationState: "NotValidated",
      lastAttempt: { status: "cancelled" },
    });

    const second = await (await start(client, token, { issuerId: "INGBNL2A" })).json();
    const failed = await throughBank(second.redirectUrl, "fail");
    expect(await (await complete(client, token, failed.trxid)).json()).toMatchObject({
      status: "failed",
      validationState: "NotValidated",
    });
    // The player who cancelled at the bank knows it; a failure is e-mailed.
    const mails = await outcomeMails(playerId);
    expect(mails.map((mail) => mail.data)).toEqual([{ firstName: "Sanne", outcome: "failed" }]);
    expect(mails[0]?.key).toBe(`age-validation:${second.validationId}`);
  });

  it("records two returns at once a single time", async () => {
    const { client, token, playerId } = await newPlayer();
    const { redirectUrl } = await (await start(client, token, { issuerId: "SNSBNL2A" })).json();
    const bank = await throughBank(redirectUrl, "approve");
    const answers = await Promise.all(
      [1, 2, 3].map(async () => (await complete(client, token, bank.trxid)).json()),
    );
    for (const answer of answers) {
      expect(answer).toEqual({ status: "validated", validationState: "Validated", returnPath: "/mijn" });
    }
    const logged = api.logs.filter((line) => line.msg === "age validation recorded" && line.validationId);
    const attempts = await api.database.db
      .select()
      .from(ageValidations)
      .where(eq(ageValidations.playerId, playerId));
    expect(attempts).toHaveLength(1);
    expect(logged.filter((line) => line.validationId === attempts[0]?.id)).toHaveLength(1);
    expect(await outcomeMails(playerId)).toHaveLength(1);
  });

  it("answers pending while the player has not finished at the bank", async () => {
    const { client, token } = await newPlayer();
    const { redirectUrl } = await (await start(client, token, { issuerId: "INGBNL2A" })).json();
    const trxid = redirectUrl.split("/").at(-1);
    expect(await (await complete(client, token, trxid)).json()).toMatchObject({
      status: "pending",
      validationState: "NotValidated",
    });
  });

  it("answers 404 for another player's transaction and for a forged one", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const { redirectUrl } = await (await start(owner.client, owner.token, { issuerId: "INGBNL2A" })).json();
    const bank = await throughBank(redirectUrl, "approve");
    expect((await complete(other.client, other.token, bank.trxid)).status).toBe(404);
    expect((await complete(owner.client, owner.token, "idin_forged")).status).toBe(404);
    const [player] = await api.database.db
      .select({ state: players.validationState })
      .from(players)
      .where(eq(players.id, other.playerId));
    expect(player?.state).toBe("NotValidated");
  });

  it("refuses a bank without iDIN and a return path of another site", async () => {
    const { client, token } = await newPlayer();
    const unknown = await start(client, token, { issuerId: "NOBANK99" });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual({ issuerId: [ageValidationMessages.unknownIssuer] });
    const offsite = await start(client, token, { issuerId: "INGBNL2A", returnPath: "//evil.example/" });
    expect(offsite.status).toBe(400);
  });

  it("sends an already validated player straight on", async () => {
    const client = cookieClient(api.url);
    const token = await logInThroughApi(client, DEMO_PLAYER);
    const started = await client.postJson(
      "/api/my/common/responsible-gaming/age-validation",
      { issuerId: "INGBNL2A", returnPath: "/afrekenen" },
      token,
    );
    expect(await started.json()).toEqual({ redirectUrl: "/afrekenen", validationId: null });
  });

  it("needs a login", async () => {
    const client = cookieClient(api.url);
    expect((await client.request("/api/my/common/responsible-gaming/age-validation")).status).toBe(401);
    const response = await client.postJson(
      "/api/age-validation/idin",
      { issuerId: "INGBNL2A" },
      await client.token(),
    );
    expect(response.status).toBe(401);
  });
});

describe("paying before iDIN (the API's own gate)", () => {
  it("refuses an order and a subscription of a player whose age is not confirmed; once confirmed, the order goes through", async () => {
    const { client, token } = await newPlayer();
    const details = await (await client.request("/api/tickets/loten/configurator/price-details")).json();
    const drawId = (details.draws as Array<{ drawId: number; kind: string }>).find(
      (draw) => draw.kind === "yearEnd",
    )?.drawId;
    const verified = await client.postJson("/api/tickets/verify/loten", halfStreetWithXl(drawId), token);
    const { ticket } = await verified.json();
    const order = {
      transactionId: randomUUID(),
      tickets: [{ ...ticket, basketItemId: "gate-1" }],
      paymentMethod: "ideal",
    };
    const refused = await client.postJson("/api/tickets/store", order, token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "AgeValidationRequiredError" });
    const subscription = await client.postJson(
      "/api/subscriptions/abonnement",
      {
        transactionId: randomUUID(),
        productType: "SingleTicket",
        fractionType: "WHOLE",
        quantity: 1,
        iban: "NL91ABNA0417164300",
        accountHolder: "S. de Vries",
        mandateAccepted: true,
      },
      token,
    );
    expect(subscription.status).toBe(403);
    expect(await subscription.json()).toMatchObject({ code: "AgeValidationRequiredError" });

    const { redirectUrl } = await (await start(client, token, { issuerId: "INGBNL2A" })).json();
    const bank = await throughBank(redirectUrl, "approve");
    await complete(client, token, bank.trxid);
    const stored = await client.postJson("/api/tickets/store", order, token);
    expect(stored.status).toBe(200);
  });
});

describe("the simulated bank's pages", () => {
  it("refuses a share without the token logging in hands out, and escapes what it shows", async () => {
    const { client, token } = await newPlayer();
    await api.database.db
      .update(players)
      .set({ firstName: '<script>alert("x")</script>' })
      .where(
        eq(
          players.email,
          (await client.request("/api/my/common/account/profile").then((r) => r.json())).email,
        ),
      );
    const { redirectUrl } = await (await start(client, token, { issuerId: "INGBNL2A" })).json();
    const bank = cookieClient(api.url);
    const forged = await bank.postForm(`${redirectUrl}/delen`, {
      action: "approve",
      token: "x",
      name: "A",
      birthDate: "1990-01-01",
    });
    expect(forged.status).toBe(403);
    const noToken = await bank.request(`${redirectUrl}/delen`);
    expect(noToken.status).toBe(303);
    const otherSite = await bank.postForm(
      redirectUrl,
      { action: "login" },
      { origin: "https://evil.example" },
    );
    expect(otherSite.status).toBe(403);

    // A shop front end that forwards the bank's pages (SHOP_ORIGINS) posts with its own origin.
    const loggedIn = await bank.postForm(redirectUrl, { action: "login" }, { origin: TRUSTED_FRONT_END });
    expect(loggedIn.status).toBe(303);
    const html = await (await bank.request(loggedIn.headers.get("location") as string)).text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect((await bank.request("/idin-simulator/idin_0000")).status).toBe(404);
  });

  it("asks again for a missing name or an impossible date", async () => {
    const { client, token } = await newPlayer();
    const { redirectUrl } = await (await start(client, token, { issuerId: "INGBNL2A" })).json();
    const bank = cookieClient(api.url);
    const loggedIn = await bank.postForm(redirectUrl, { action: "login" });
    const html = await (await bank.request(loggedIn.headers.get("location") as string)).text();
    const again = await bank.postForm(`${redirectUrl}/delen`, {
      token: formField(html, "token"),
      action: "approve",
      name: " ",
      birthDate: "1990-02-30",
    });
    expect(again.status).toBe(422);
    const page = await again.text();
    expect(page).toContain("Vul een naam in");
    expect(page).toContain("Vul een geldige geboortedatum in");
  });
});
