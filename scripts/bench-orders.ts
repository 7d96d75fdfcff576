// Orders per second through verify + store + simulated payment (issue 6), with 20 concurrent buyers, and
// a check afterwards that no order was lost or duplicated. Used by scripts/bench.ts.
import { randomUUID } from "node:crypto";

export type OrderFigure = {
  database: string;
  buyers: number;
  seconds: number;
  orders: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  ticketsIssued: number;
  replaysRefused: number;
  lostOrDuplicated: number;
};

/** The benchmarks' order: one whole single ticket without XL, its end digits left to the draw. */
export function benchTicket(drawId: number) {
  return {
    drawId,
    productType: "SingleTicket",
    fraction: "WHOLE",
    withXl: false,
    quantity: 1,
    multiplier: 1,
    endDigits: [],
  };
}

const DEMO = { email: "speler@kroonloterij.example", password: "Kroonloterij2026!" };

type Session = { cookie: Map<string, string>; token: string };

function cookieHeader(session: Session): string {
  return [...session.cookie].map(([name, value]) => `${name}=${value}`).join("; ");
}

function keepCookies(session: Session, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const index = pair.indexOf("=");
    session.cookie.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
}

/** Logs in, waiting out the login rate limit (30 a minute per address) when an earlier run used it up. */
async function login(url: string): Promise<Session> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await loginOnce(url);
    } catch (error) {
      if (!String(error).includes("429") || attempt > 12) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
}

async function loginOnce(url: string): Promise<Session> {
  const session: Session = { cookie: new Map(), token: "" };
  const tokenResponse = await fetch(`${url}/api/authentication/get-token`);
  keepCookies(session, tokenResponse);
  const { token } = (await tokenResponse.json()) as { token: string };
  const response = await fetch(`${url}/api/authentication/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      RequestVerificationToken: token,
      cookie: cookieHeader(session),
    },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  keepCookies(session, response);
  const shopToken = await fetch(`${url}/api/token`, { headers: { cookie: cookieHeader(session) } });
  keepCookies(session, shopToken);
  session.token = ((await shopToken.json()) as { token: string }).token;
  return session;
}

function post(url: string, session: Session, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      RequestVerificationToken: session.token,
      cookie: cookieHeader(session),
    },
    body: JSON.stringify(body),
  });
}

/** The demo player's online ticket numbers in one draw. */
async function onlineTickets(url: string, session: Session, drawId: number): Promise<string[]> {
  const participations = (await (
    await fetch(`${url}/api/participations`, { headers: { cookie: cookieHeader(session) } })
  ).json()) as { draws: Array<{ drawId: number; tickets: Array<{ number: string; purchaseType: string }> }> };
  return (participations.draws.find((entry) => entry.drawId === drawId)?.tickets ?? [])
    .filter((ticket) => ticket.purchaseType === "Online")
    .map((ticket) => ticket.number);
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! * 10) / 10;
}

export async function benchOrders(
  url: string,
  database: string,
  seconds: number,
  buyers = 20,
): Promise<OrderFigure> {
  const details = (await (await fetch(`${url}/api/tickets/bench/configurator/price-details`)).json()) as {
    draws: Array<{ drawId: number; kind: string }>;
  };
  // A draw of its own kind so the seed's tickets do not count: the last regular draw on sale.
  const draw = details.draws.filter((candidate) => candidate.kind === "regular").at(-1);
  if (!draw) throw new Error("no regular draw on sale");
  const sessions: Session[] = [];
  for (let buyer = 0; buyer < buyers; buyer++) sessions.push(await login(url));

  // A PostgreSQL database may hold orders of earlier runs: only this run's tickets are counted.
  const before = new Set(await onlineTickets(url, sessions[0]!, draw.drawId));
  const latencies: number[] = [];
  const paid: Array<{ session: Session; transactionId: string; ticket: unknown }> = [];
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const started = performance.now();

  await Promise.all(
    sessions.map(async (session) => {
      while (Date.now() < until) {
        const begin = performance.now();
        try {
          const verify = await post(url, session, "/api/tickets/verify/bench", benchTicket(draw.drawId));
          if (!verify.ok) throw new Error(`verify ${verify.status}`);
          const { ticket } = (await verify.json()) as { ticket: unknown };
          const transactionId = randomUUID();
          const store = await post(url, session, "/api/tickets/store", {
            transactionId,
            tickets: [ticket],
            paymentMethod: "ideal",
            issuer: "INGBNL2A",
          });
          if (!store.ok) throw new Error(`store ${store.status}`);
          const { redirectUrl } = (await store.json()) as { redirectUrl: string };
          const payment = await fetch(`${url}${redirectUrl}`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ action: "approve", issuer: "INGBNL2A" }).toString(),
            redirect: "manual",
          });
          if (payment.status !== 303) throw new Error(`payment ${payment.status}`);
          latencies.push(performance.now() - begin);
          paid.push({ session, transactionId, ticket });
        } catch (error) {
          failed++;
          if (failed <= 3) console.warn(`order failed: ${(error as Error).message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  // Replaying stored transactions must not make new orders.
  let replaysRefused = 0;
  for (const order of paid.slice(0, 20)) {
    const replay = await post(url, order.session, "/api/tickets/store", {
      transactionId: order.transactionId,
      tickets: [order.ticket],
      paymentMethod: "ideal",
    });
    if (replay.status === 409) replaysRefused++;
  }

  const online = (await onlineTickets(url, sessions[0]!, draw.drawId)).filter(
    (number) => !before.has(number),
  );
  const unique = new Set(online).size;
  latencies.sort((a, b) => a - b);
  return {
    database,
    buyers,
    seconds: Math.round(elapsed * 10) / 10,
    orders: paid.length,
    ordersPerSecond: Math.round(paid.length / elapsed),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failed,
    ticketsIssued: online.length,
    replaysRefused,
    lostOrDuplicated: Math.abs(online.length - paid.length) + (online.length - unique),
  };
}
