import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { issueDraw } from "@/src/backend/slices/subscriptions/issuance.server";
import type { Profile } from "@/src/contract/portal";
import { formatCookieHeader } from "@/src/lib/cookies";
import type { CancelAnswer, CancelStart } from "@/src/shop/slices/subscriptions/cancel/cancel-flow";
import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";
import { routeContext } from "@/tests/support/route-context";
import { logInThroughApi } from "@/tests/support/shop-steps";
import { createSubscription, regularDrawsOnSale } from "@/tests/support/subscription-fixtures";
import { action, loader } from "../shop/app/routes/account-subscription-cancel";

/**
 * The cancellation page's loader and action against the embedded API on a real database (the unit tests
 * stub the API): the calls the steps make are the contract's, and the answers flow from step to step.
 */
let api: ApiHarness;
let playerId: string;
let cookie: string | undefined;
const PLAYER = { email: DEMO_PLAYER.email } as Profile;

beforeAll(async () => {
  api = await startApiHarness();
  const [player] = await api.database.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.email, DEMO_PLAYER.email));
  playerId = (player as { id: string }).id;
  const client = cookieClient(api.url);
  await logInThroughApi(client, DEMO_PLAYER);
  cookie = formatCookieHeader(client.jar);
});
afterAll(() => api?.close());

/** A subscription of the demo player (a whole single ticket and a street of fifths), one draw issued. */
async function subscription() {
  const db = api.database.db;
  const onSale = await regularDrawsOnSale(db);
  const created = await createSubscription(db, {
    playerId,
    startDrawId: onSale[0]!.id,
    items: [
      { productType: "SingleTicket", fraction: "WHOLE" },
      { productType: "Street", fraction: "ONE_FIFTH" },
    ],
  });
  const silent = { info() {}, warn() {}, error() {}, debug() {} };
  await issueDraw({ db, logger: silent as never, now: () => new Date() }, onSale[0]!.id, {
    subscriptionIds: [created.id],
  });
  return { id: created.id, firstDraw: onSale[0]! };
}

const page = (id: number) => `http://shop.test/mijn/abonnement/${id}/opzeggen`;
const context = () =>
  routeContext({ clients: api.inProcess({ cookie, setCookie: () => undefined }), player: PLAYER });
const answerData = (answer: unknown) =>
  (answer as { type?: string }).type === "DataWithResponseInit" ? (answer as { data: unknown }).data : answer;

/** The answer of the step expected next. */
function step<S extends CancelAnswer["step"]>(answer: CancelAnswer, name: S) {
  expect(answer.step, JSON.stringify(answer)).toBe(name);
  return answer as Extract<CancelAnswer, { step: S }>;
}

async function load(id: number) {
  return answerData(
    await loader({
      request: new Request(page(id)),
      context: context(),
      params: { subscription: String(id) },
    } as unknown as Parameters<typeof loader>[0]),
  ) as CancelStart;
}

async function post(id: number, fields: Array<[string, string]>) {
  const request = new Request(page(id), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return answerData(
    await action({
      request,
      context: context(),
      params: { subscription: String(id) },
    } as unknown as Parameters<typeof action>[0]),
  ) as CancelAnswer;
}

/** Step 1's "Verder" for the whole subscription, with the page's hidden fields. */
const choose = (start: CancelStart): Array<[string, string]> => [
  ["RequestVerificationToken", start.token],
  ["transactionId", start.transactionId],
  ["offered", String(start.quote?.retentionOffers)],
  ["scope", "whole"],
  ["intent", "choose"],
];

describe("/mijn/abonnement/{id}/opzeggen against the API", () => {
  it("step 1 -> the offers -> 'Nee, toch opzeggen' -> cancelled, with its last draw and e-mail", async () => {
    const { id, firstDraw } = await subscription();
    const start = await load(id);
    expect(start.quote).toMatchObject({
      whole: true,
      retentionOffers: true,
      lastDraw: { drawId: firstDraw.id },
    });

    const offers = step(await post(id, choose(start)), "offers");
    expect(offers.offers.map((offer) => offer.title)).toContain("3 maanden halve prijs");

    const done = step(
      await post(id, [
        ["RequestVerificationToken", offers.token],
        ["transactionId", offers.transactionId],
        ["scope", "whole"],
        ["intent", "cancel"],
      ]),
      "cancelled",
    );
    expect(done.applied).toMatchObject({
      whole: true,
      confirmationEmailQueued: true,
      lastDraw: { drawId: firstDraw.id },
      subscription: { status: "cancelled" },
    });
    expect(done.email).toBe(DEMO_PLAYER.email);
  });

  it("accepting '3 maanden halve prijs' keeps the subscription with the discount", async () => {
    const { id } = await subscription();
    const start = await load(id);
    const offers = step(await post(id, choose(start)), "offers");
    const kept = step(
      await post(id, [
        ["RequestVerificationToken", offers.token],
        ["transactionId", offers.transactionId],
        ["scope", "whole"],
        ["offerId", "drie-maanden-halve-prijs"],
        ["intent", "accept"],
      ]),
      "kept",
    );
    expect(kept.offer?.title).toBe("3 maanden halve prijs");
    expect(kept.applied.subscription).toMatchObject({
      status: "active",
      discounts: [{ discountPercent: 50, draws: 3 }],
    });
  });

  it("two tabs: one cancellation; the second tab is told it is cancelled already", async () => {
    const { id } = await subscription();
    const [first, second] = [await load(id), await load(id)];
    expect(first.transactionId).not.toBe(second.transactionId);
    const cancel = (start: CancelStart): Array<[string, string]> => [
      ["RequestVerificationToken", start.token],
      ["transactionId", start.transactionId],
      ["scope", "whole"],
      ["intent", "cancel"],
    ];
    const answers = await Promise.all([post(id, cancel(first)), post(id, cancel(second))]);
    expect(answers.map((answer) => answer.step).sort()).toEqual(["cancelled", "stopped"]);
    const refused = step(answers.find((answer) => answer.step === "stopped")!, "stopped");
    expect(refused.message).toBe("Je abonnement is al opgezegd.");
  });
});
