import { describe, expect, it } from "vitest";
import { sendContactMessage } from "@/src/contract/customer-service";
import type { Profile } from "@/src/contract/portal";
import { contactMessages } from "@/src/lib/messages";
import { apiErrorFromProblem } from "@/src/shop/client/api-error";
import { formPost, routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import { action } from "./contact-message";
import { loader as receivedLoader } from "./contact-message-received";

type Answer = Response & { data?: unknown; init?: ResponseInit };

const FIELDS = {
  name: "Sanne de Vries",
  email: "sanne@example.nl",
  subject: "abonnement",
  ticketOrOrderNumber: "",
  message: "Hoe zeg ik mijn abonnement op?",
};

function post(fields: Record<string, string>, answer: (input: unknown) => unknown, player?: Profile) {
  const clients = stubClients([[sendContactMessage, answer]]);
  const result = action({
    request: formPost("http://shop.test/klantenservice/bericht", fields),
    context: routeContext({ clients, player }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;
  return { result, clients };
}

const RECEIVED = {
  reference: "KS-100042",
  email: "sanne@example.nl",
  receivedAt: "2026-12-03T10:00:00.000Z",
};

describe("/klantenservice/bericht's POST (issue 43 item 2)", () => {
  it("sends the question and continues to the confirmation, which shows its reference", async () => {
    const { result, clients } = post(FIELDS, () => RECEIVED);
    const answer = await result;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/klantenservice/bericht/ontvangen");
    expect(clients.calls[0]?.input).toEqual({
      body: {
        name: "Sanne de Vries",
        email: "sanne@example.nl",
        subject: "abonnement",
        message: "Hoe zeg ik mijn abonnement op?",
      },
    });
    const [cookie] = setCookies(answer);
    expect(cookie).toMatch(/^kl_klantenservice=KS-100042; Path=\/klantenservice; .*HttpOnly/);
    const shown = receivedLoader({
      request: new Request("http://shop.test/klantenservice/bericht/ontvangen", {
        headers: { cookie: cookie?.split(";")[0] ?? "" },
      }),
    } as Parameters<typeof receivedLoader>[0]);
    expect(shown).toEqual({ reference: "KS-100042" });
  });

  it("sends a logged-in player's question from the account's address", async () => {
    const player = { fullName: "Sanne de Vries", email: "speler@kroonloterij.example" } as Profile;
    const { result, clients } = post({ ...FIELDS, email: "" }, () => RECEIVED, player);
    await result;
    expect(clients.calls[0]?.input).toMatchObject({ body: { email: "speler@kroonloterij.example" } });
  });

  it("shows a refusal again with everything typed and each Dutch reason at its field", async () => {
    const refused = apiErrorFromProblem(400, {
      status: 400,
      errors: { subject: [contactMessages.subject], message: [contactMessages.messageTooShort] },
    });
    const typed = { ...FIELDS, subject: "", message: "  Kort  " };
    const { result } = post(typed, () => {
      throw refused;
    });
    const answer = await result;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      values: { ...typed, message: "  Kort  " },
      errors: { subject: contactMessages.subject, message: contactMessages.messageTooShort },
    });
  });

  it("says how long to wait over the limit", async () => {
    const limited = apiErrorFromProblem(429, {
      status: 429,
      code: "RateLimitError",
      retryAfterSeconds: 1800,
    });
    const { result } = post(FIELDS, () => {
      throw limited;
    });
    const answer = await result;
    expect(answer.init?.status).toBe(429);
    expect(answer.data).toMatchObject({
      errors: {},
      formError: "Je hebt te vaak een verzoek gedaan. Probeer het over 30 minuten opnieuw.",
    });
  });
});

describe("/klantenservice/bericht/ontvangen", () => {
  it("leads back to the customer service page without a question just sent", () => {
    const request = new Request("http://shop.test/klantenservice/bericht/ontvangen", {
      headers: { cookie: "kl_klantenservice=<script>" },
    });
    let thrown: unknown;
    try {
      receivedLoader({ request } as Parameters<typeof receivedLoader>[0]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/klantenservice");
  });
});
