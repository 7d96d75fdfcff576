import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loyaltyPoints, players } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import type { Loyalty } from "@/src/contract/loyalty";
import type { PriceDetails } from "@/src/contract/tickets";
import { loyaltyMessages } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { halfStreetWithXl, logInThroughApi, simulatorDecision } from "@/tests/support/shop-steps";
import { createPlayer } from "../portal/handlers";

/**
 * Kroonpunten (issue 20, item 6) over HTTP against a real database and the payment simulator: joining once,
 * 1 point per whole euro of a ticket order credited when it is paid (by iDEAL or from the balance), only
 * for orders paid after joining, and never twice for one order.
 */

let api: ApiHarness;
const PASSWORD = "Punten-Test-2026!";

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

type Player = { client: ReturnType<typeof cookieClient>; token: string; playerId: string };

/** A new adult player whose age iDIN confirmed (paying needs it), logged in. */
async function newPlayer(validationState: "Validated" | "Refused" = "Validated"): Promise<Player> {
  const email = `punten-${randomBytes(6).toString("hex")}@example.test`;
  const { id } = await createPlayer(api.database.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: "Daan",
    lastName: "Bakker",
    birthDate: "1988-03-14",
    street: "Dorpsstraat",
    houseNumber: 9,
    postalCode: "1234AB",
    city: "Kroondorp",
    iban: null,
  });
  await api.database.db.update(players).set({ validationState }).where(eq(players.id, id));
  const client = cookieClient(api.url);
  return { client, token: await logInThroughApi(client, { email, password: PASSWORD }), playerId: id };
}

async function loyalty(player: Player): Promise<Loyalty> {
  const response = await player.client.request("/api/player/loyalty");
  expect(response.status).toBe(200);
  return (await response.json()) as Loyalty;
}

const join = (player: Player) =>
  player.client.postJson("/api/player/loyalty/subscribe", undefined, player.token);

/** A half street with XL in the year-end draw (EUR 162.50), priced by the shop. */
async function basketTicket(player: Player) {
  const details = (await (
    await fetch(`${api.url}/api/tickets/loten/configurator/price-details`)
  ).json()) as PriceDetails;
  const draw = details.draws.find((candidate) => candidate.kind === "yearEnd");
  const verified = await player.client.postJson(
    "/api/tickets/verify/loten",
    halfStreetWithXl(draw?.drawId),
    player.token,
  );
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { ticket: Record<string, unknown> }).ticket;
}

/** An order by iDEAL, decided on the simulator's page; answers its transaction id and total. */
async function orderByIdeal(player: Player, action: "approve" | "cancel") {
  const transactionId = randomUUID();
  const started = await player.client.postJson(
    "/api/tickets/store",
    { transactionId, tickets: [await basketTicket(player)], paymentMethod: "ideal" },
    player.token,
  );
  expect(started.status).toBe(200);
  const { redirectUrl, totalInCents } = (await started.json()) as {
    redirectUrl: string;
    totalInCents: number;
  };
  const decided = await fetch(`${api.url}${redirectUrl}`, {
    ...simulatorDecision(action),
    redirect: "manual",
  });
  expect(decided.status).toBe(303);
  const result = await player.client.postJson("/api/tickets/loten/continue", { transactionId }, player.token);
  expect((await result.json()).status).toBe(action === "approve" ? "paid" : "cancelled");
  return { transactionId, totalInCents, paymentId: redirectUrl.split("/").pop() ?? "" };
}

describe("joining Kroonpunten", () => {
  it("is not a member until joining; then a member without points", async () => {
    const player = await newPlayer();
    expect(await loyalty(player)).toEqual({ member: false, joinedAt: null, points: 0, recent: [] });
    const joined = await join(player);
    expect(joined.status).toBe(200);
    const answer = (await joined.json()) as Loyalty;
    expect(answer).toMatchObject({ member: true, points: 0, recent: [] });
    expect(Date.parse(answer.joinedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(await loyalty(player)).toEqual(answer);
  });

  it("refuses a second sign-up with 409 LoyaltyAlreadySubscribedError and the Dutch reason, also from two tabs at once", async () => {
    const player = await newPlayer();
    const answers = await Promise.all([join(player), join(player)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const again = await join(player);
    expect(again.status).toBe(409);
    expect(again.headers.get("content-type")).toContain("application/problem+json");
    expect(await again.json()).toMatchObject({
      status: 409,
      code: "LoyaltyAlreadySubscribedError",
      detail: loyaltyMessages.alreadyMember,
    });
  });

  it("is not for a player the bank found under 18 (issue 43): 403, and no membership", async () => {
    const player = await newPlayer("Refused");
    const refused = await join(player);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "AgeValidationRequiredError" });
    expect((await loyalty(player)).member).toBe(false);
  });

  it("needs a login and the anti-forgery token", async () => {
    expect((await fetch(`${api.url}/api/player/loyalty`)).status).toBe(401);
    const player = await newPlayer();
    const forged = await player.client.postJson("/api/player/loyalty/subscribe", undefined);
    expect(forged.status).toBe(403);
    expect((await loyalty(player)).member).toBe(false);
  });

  it("leaves the seeded demo player free to join", async () => {
    const client = cookieClient(api.url);
    const token = await logInThroughApi(client, DEMO_PLAYER);
    const demo = { client, token, playerId: "" };
    expect((await loyalty(demo)).member).toBe(false);
  });
});

describe("earning points", () => {
  it("credits 1 point per whole euro when an iDEAL order is paid, once however often it is settled", async () => {
    const player = await newPlayer();
    await join(player);
    const { totalInCents, paymentId } = await orderByIdeal(player, "approve");
    expect(totalInCents).toBe(16_250);

    // The provider's notification replayed: still one credit.
    const notify = await fetch(`${api.url}/api/payments/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: paymentId }).toString(),
    });
    expect(notify.status).toBe(200);
    const state = await loyalty(player);
    expect(state.points).toBe(162);
    expect(state.recent).toEqual([
      { points: 162, description: expect.stringMatching(/^Bestelling [0-9A-F]{8}$/), at: expect.any(String) },
    ]);
  });

  it("credits an order paid from the balance too, and nothing for a cancelled one", async () => {
    const player = await newPlayer();
    await join(player);
    await orderByIdeal(player, "cancel");
    expect((await loyalty(player)).points).toBe(0);

    // EUR 200 on the balance (a paid deposit), then the order from it.
    const deposit = await player.client.postJson(
      "/api/my/common/deposit/ideal",
      { transactionId: randomUUID(), amountInCents: 20_000 },
      player.token,
    );
    const { redirectUrl, transactionId } = (await deposit.json()) as {
      redirectUrl: string;
      transactionId: string;
    };
    await fetch(`${api.url}${redirectUrl}`, { ...simulatorDecision("approve"), redirect: "manual" });
    expect((await player.client.request(`/api/my/common/deposit/${transactionId}`)).status).toBe(200);
    const paid = await player.client.postJson(
      "/api/tickets/store",
      { transactionId: randomUUID(), tickets: [await basketTicket(player)], paymentMethod: "balance" },
      player.token,
    );
    expect(await paid.json()).toMatchObject({ status: "paid", totalInCents: 16_250 });
    expect((await loyalty(player)).points).toBe(162);
  });

  it("credits nothing for orders paid before the player joined", async () => {
    const player = await newPlayer();
    await orderByIdeal(player, "approve");
    await join(player);
    expect((await loyalty(player)).points).toBe(0);
    const credits = await api.database.db
      .select()
      .from(loyaltyPoints)
      .where(eq(loyaltyPoints.playerId, player.playerId));
    expect(credits).toEqual([]);

    await orderByIdeal(player, "approve");
    expect((await loyalty(player)).points).toBe(162);
  });
});
