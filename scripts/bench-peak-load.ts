// The visitors of `npm run bench:peak`: anonymous page views, ticket checks and logged-in players' full
// orders, each kind started on a fixed schedule (an open model: a slow answer does not hold the next
// visitor back, as it would not on the real peak day). Latency counts from the scheduled start.
import { randomUUID } from "node:crypto";
import { applySetCookie, formatCookieHeader } from "@/src/lib/cookies";
import { benchTicket } from "./bench-orders";

export type Kind = "page" | "check" | "order";
export const KINDS: readonly Kind[] = ["page", "check", "order"];

/** One visitor's request (for an order: its whole round) and how it ended. */
export type Outcome = {
  kind: Kind;
  /** Scheduled start, ms after the run's start. */
  at: number;
  latencyMs: number;
  ok: boolean;
  /** Why it failed: the step and the status or error. */
  failure?: string;
  /** Pages: the page cache's verdict (`X-Cache`: HIT, STALE, MISS; none when rendered per request). */
  cache?: string;
  /** Pages: which one. */
  path?: string;
};

/** What the generator was told about one order, to hold against the database afterwards. */
export type OrderTrace = {
  transactionId: string;
  /** The store call answered 2xx: the order must exist. */
  stored: boolean;
  /** The player saw it paid, with these ticket numbers. */
  paid: boolean;
  numbers: string[];
};

export const PAGES = [
  "/",
  "/loten",
  "/trekkingsuitslag",
  "/over-ons",
  "/veelgestelde-vragen",
  "/verantwoord-spelen",
  "/oudejaarstrekking",
];

const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };
/** A visitor gives up after this long; the answer counts as an error. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The result page asks again while the payment is open (src/shop/app/routes/checkout-result.tsx). */
const RESULT_POLL_MS = 2_000;
const RESULT_POLLS = 30;
/** A player presses the pay button again after a failed attempt. */
const STORE_RETRY_MS = 1_000;
const BROWSER = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };

class StepFailure extends Error {}

type Session = { jar: Map<string, string>; token: string };

function cookieOf(session: Session): string {
  return formatCookieHeader(session.jar) ?? "";
}

async function call(url: string, init: RequestInit & { session?: Session }, step: string): Promise<Response> {
  const headers = new Headers(init.headers);
  // Each request on a connection of its own: the two processes share the load as they share many
  // browsers' connections (a few kept-alive connections would all stay with one process).
  headers.set("connection", "close");
  if (init.session) {
    headers.set("cookie", cookieOf(init.session));
    headers.set("RequestVerificationToken", init.session.token);
    headers.set("x-requested-with", "XMLHttpRequest");
  }
  try {
    const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (init.session)
      for (const value of response.headers.getSetCookie()) applySetCookie(init.session.jar, value);
    return response;
  } catch (error) {
    const name = (error as Error).name === "TimeoutError" ? "timeout" : "network error";
    throw new StepFailure(`${step}: ${name}`);
  }
}

function postJson(url: string, session: Session, body: unknown, step: string): Promise<Response> {
  return call(
    url,
    { method: "POST", session, headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    step,
  );
}

async function expectStatus(response: Response, step: string, wanted = 200): Promise<void> {
  if (response.status === wanted) return;
  await response.arrayBuffer().catch(() => undefined);
  throw new StepFailure(`${step}: ${response.status}`);
}

/** An anonymous session with its anti-forgery token (for the ticket checker). */
export async function anonymousSession(url: string): Promise<Session> {
  const session: Session = { jar: new Map(), token: "" };
  const response = await call(`${url}/api/token`, { session }, "token");
  session.token = ((await response.json()) as { token: string }).token;
  return session;
}

/** The demo player logged in as the login form does, with the shop's anti-forgery token. */
export async function playerSession(url: string): Promise<Session> {
  const session: Session = { jar: new Map(), token: "" };
  const portalToken = await call(`${url}/api/authentication/get-token`, { session }, "get-token");
  session.token = ((await portalToken.json()) as { token: string }).token;
  const login = await postJson(`${url}/api/authentication/login`, session, DEMO, "login");
  await expectStatus(login, "login");
  await login.arrayBuffer();
  const shopToken = await call(`${url}/api/token`, { session }, "token");
  session.token = ((await shopToken.json()) as { token: string }).token;
  return session;
}

export type Visitors = {
  page: (index: number) => Promise<{ cache?: string; path: string }>;
  check: (index: number) => Promise<object>;
  order: (index: number) => Promise<object>;
  traces: OrderTrace[];
};

/** The three kinds of visitor against the shop at `url`. */
export async function visitors(url: string, players: number): Promise<Visitors> {
  const latest = (await (await fetch(`${url}/api/draw-results?gameType=KROON&limit=1`)).json()) as {
    draws: Array<{ drawId: number }>;
  };
  const checkedDraw = latest.draws[0]?.drawId;
  if (!checkedDraw) throw new Error("no published draw to check tickets against");
  const details = (await (await fetch(`${url}/api/tickets/peak/configurator/price-details`)).json()) as {
    draws: Array<{ drawId: number; kind: string }>;
  };
  const saleDraw = details.draws.find((draw) => draw.kind === "regular")?.drawId;
  if (!saleDraw) throw new Error("no regular draw on sale");

  const checker = await anonymousSession(url);
  const sessions: Session[] = [];
  for (let index = 0; index < players; index++) sessions.push(await playerSession(url));
  const traces: OrderTrace[] = [];

  const page = async (index: number) => {
    const path = PAGES[index % PAGES.length] as string;
    const response = await call(`${url}${path}`, { headers: BROWSER }, `GET ${path}`);
    await expectStatus(response, `GET ${path}`);
    await response.arrayBuffer();
    return { cache: response.headers.get("x-cache") ?? "none", path };
  };

  const check = async (index: number) => {
    const tickets = Array.from({ length: 10 }, (_, position) => ({
      ticketNumber: `AB${String((index * 10 + position) * 7_919)
        .padStart(5, "0")
        .slice(-5)}`,
      fraction: position % 2 === 0 ? "WHOLE" : "ONE_FIFTH",
      withXl: position % 3 === 0,
    }));
    const response = await postJson(
      `${url}/api/ticket-checker/check`,
      checker,
      { drawId: checkedDraw, tickets },
      "check",
    );
    await expectStatus(response, "check");
    await response.arrayBuffer();
    return {};
  };

  /**
   * Stores the order as the checkout page does, with the player's impatience: every tenth order is sent
   * twice at once (a double click), and a store that fails or gets no answer is sent once more a second
   * later, under the same transaction id. Either way there must be one order and one payment.
   */
  const storeOrder = async (session: Session, trace: OrderTrace, ticket: unknown, index: number) => {
    const once = async () => {
      const response = await postJson(
        `${url}/api/tickets/store`,
        session,
        { transactionId: trace.transactionId, tickets: [ticket], paymentMethod: "ideal", issuer: "INGBNL2A" },
        "store",
      );
      await expectStatus(response, "store");
      const answer = (await response.json()) as { redirectUrl: string };
      trace.stored = true;
      return answer;
    };
    const attempt = async () => {
      if (index % 10 !== 0) return once();
      const [first, second] = await Promise.allSettled([once(), once()]);
      if (first.status === "fulfilled") return first.value;
      if (second.status === "fulfilled") return second.value;
      throw first.reason;
    };
    try {
      return await attempt();
    } catch (error) {
      const retryable =
        error instanceof StepFailure && /: (5\d\d|timeout|network error)$/.test(error.message);
      if (!retryable) throw error;
      await new Promise((resolve) => setTimeout(resolve, STORE_RETRY_MS));
      return once();
    }
  };

  /** Verify, store, pay on the simulator's page, then the result page's question until it is settled. */
  const order = async (index: number) => {
    const session = sessions[index % sessions.length] as Session;
    const trace: OrderTrace = { transactionId: randomUUID(), stored: false, paid: false, numbers: [] };
    traces.push(trace);
    const verify = await postJson(`${url}/api/tickets/verify/peak`, session, benchTicket(saleDraw), "verify");
    await expectStatus(verify, "verify");
    const { ticket } = (await verify.json()) as { ticket: unknown };
    const { redirectUrl } = await storeOrder(session, trace, ticket, index);
    const payment = await call(
      `${url}${redirectUrl}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ action: "approve", issuer: "INGBNL2A" }).toString(),
        redirect: "manual",
      },
      "pay",
    );
    await expectStatus(payment, "pay", 303);
    await payment.arrayBuffer();
    for (let poll = 0; ; poll++) {
      const result = await postJson(
        `${url}/api/tickets/winkelmandje/continue`,
        session,
        { transactionId: trace.transactionId },
        "result",
      );
      await expectStatus(result, "result");
      const body = (await result.json()) as { status: string; tickets: Array<{ number: string }> };
      if (body.status === "paid") {
        trace.paid = true;
        trace.numbers = body.tickets.map((issued) => issued.number);
        if (trace.numbers.length === 0) throw new StepFailure("result: paid without tickets");
        return {};
      }
      if (body.status !== "pending" || poll >= RESULT_POLLS) throw new StepFailure(`result: ${body.status}`);
      await new Promise((resolve) => setTimeout(resolve, RESULT_POLL_MS));
    }
  };

  return { page, check, order, traces };
}

/**
 * Starts `run(kind, index)` for every kind at its rate per second from `startedAt` until `endsAt`,
 * without waiting for answers, and resolves with every outcome once the last one is in.
 */
export async function openModel(options: {
  rates: Record<Kind, number>;
  startedAt: number;
  endsAt: number;
  visitors: Visitors;
}): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const inFlight = new Set<Promise<void>>();
  const next: Record<Kind, number> = { page: 0, check: 0, order: 0 };
  const count: Record<Kind, number> = { page: 0, check: 0, order: 0 };

  const start = (kind: Kind, scheduledAt: number) => {
    const index = count[kind]++;
    const task = (async () => {
      try {
        const extra = (await options.visitors[kind](index)) as { cache?: string; path?: string };
        outcomes.push({
          kind,
          at: scheduledAt - options.startedAt,
          latencyMs: performance.now() - scheduledAt,
          ok: true,
          cache: extra.cache,
          path: extra.path,
        });
      } catch (error) {
        outcomes.push({
          kind,
          at: scheduledAt - options.startedAt,
          latencyMs: performance.now() - scheduledAt,
          ok: false,
          failure: error instanceof StepFailure ? error.message : `unexpected: ${(error as Error).message}`,
        });
      }
    })();
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  for (const kind of KINDS) next[kind] = options.startedAt;
  for (;;) {
    const now = performance.now();
    if (now >= options.endsAt) break;
    for (const kind of KINDS) {
      const rate = options.rates[kind];
      if (rate <= 0) continue;
      while (next[kind] <= now && next[kind] < options.endsAt) {
        start(kind, next[kind]);
        next[kind] += 1000 / rate;
      }
    }
    const due = Math.min(...KINDS.filter((kind) => options.rates[kind] > 0).map((kind) => next[kind]));
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(due, options.endsAt) - now)));
  }
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  return outcomes;
}
