import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  enterManualGameTickets,
  enterOnlineGameTickets,
  type GameInfo,
  getGameOptIns,
  getOnlineGameTickets,
} from "@/src/contract/games-of-chance";
import type { Profile } from "@/src/contract/portal";
import { OPT_INS } from "@/src/domain/promotions/opt-ins";
import { gamePage, shopCodes } from "@/src/lib/messages";
import { ApiError, apiErrorFromProblem } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import { action, loader } from "./game-entry";

const PLAYER = { email: "speler@kroonloterij.example", validationState: "Validated" } as Profile;
const CONDITIONS = OPT_INS.find((optIn) => optIn.id === "actievoorwaarden")!;
const GAME: GameInfo = {
  pageId: "win-een-auto",
  title: "Win een auto",
  prizeText: "een auto",
  state: "open",
  startsAt: "2026-10-31T23:00:00.000Z",
  endsAt: "2027-12-31T22:59:00.000Z",
  maxParticipations: 5,
  entryMethods: ["online", "manual"],
  optIns: [{ ...CONDITIONS, required: true }],
  winners: [],
};
const enter = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  enter.mockReset().mockResolvedValue({ entered: [], failed: [], participations: 0, maxParticipations: 5 });
  clients = stubClients([
    [getGameOptIns, () => GAME],
    [getOnlineGameTickets, () => ({ tickets: [], participations: 0, maxParticipations: 5 })],
    [enterManualGameTickets, (input) => enter(input)],
  ]);
});

type Answer = Response & { data?: Record<string, unknown>; init?: ResponseInit };

function post(fields: Record<string, string>, player: Profile | null = PLAYER) {
  return action({
    request: formPost("http://shop.test/winactie/win-een-auto", fields),
    context: routeContext({ clients, player: player ?? undefined }),
    params: { pageId: "win-een-auto" },
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;
}

describe("/winactie/{pageId}", () => {
  it("sends the typed numbers one per line, with the opt-ins in the words shown and the reCAPTCHA", async () => {
    await post({
      intent: "manual",
      ticketNumbers: "ab12345\n CD 54321 ,\n\n",
      optIn: CONDITIONS.id,
      [`optInText:${CONDITIONS.id}`]: CONDITIONS.text,
      gRecaptchaResponse: "local.ticked",
    });
    expect(enter).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { pageId: "win-een-auto" },
        body: {
          ticketNumbers: ["ab12345", "CD 54321"],
          optIns: [{ id: CONDITIONS.id, text: CONDITIONS.text }],
          gRecaptchaResponse: "local.ticked",
        },
      }),
    );
  });

  it("refuses more than 10 numbers, or none, keeping what was typed, and sends nothing", async () => {
    const typed = Array.from({ length: 11 }, (_, index) => `AB${String(index).padStart(5, "0")}`).join("\n");
    const tooMany = await post({ intent: "manual", ticketNumbers: typed });
    expect(tooMany.init?.status).toBe(422);
    expect(tooMany.data).toMatchObject({ error: gamePage.tooManyNumbers(10), typed });
    const none = await post({ intent: "manual", ticketNumbers: " \n " });
    expect(none.data).toMatchObject({ error: gamePage.numbersMissing });
    expect(enter).not.toHaveBeenCalled();
  });

  it("asks for the reCAPTCHA in the spec's words when typed numbers or a barcode come without it (issue 43)", async () => {
    const manual = await post({ intent: "manual", ticketNumbers: "AB12345" });
    expect(manual.data).toMatchObject({ error: "Je moet de reCaptcha nog invullen.", typed: "AB12345" });
    const retail = await post({ intent: "retail", barcode: "1234567890123" });
    expect(retail.data).toMatchObject({ error: "Je moet de reCaptcha nog invullen." });
    expect(enter).not.toHaveBeenCalled();
  });

  it("asks for a ticket in Dutch when none was ticked or no barcode typed, without asking the shop API (issue 43)", async () => {
    // The API refuses an empty list with a bare 400, which a player would read as "Bad request".
    const online = await post({ intent: "online", optIn: CONDITIONS.id });
    expect(online.init?.status).toBe(422);
    expect(online.data).toMatchObject({ error: gamePage.ticketsMissing });
    expect(gamePage.ticketsMissing).toBe("Kies minstens één lot om mee te doen.");
    const retail = await post({ intent: "retail", barcode: "  " });
    expect(retail.data).toMatchObject({ error: gamePage.barcodeMissing });
    expect(JSON.stringify([online.data, retail.data])).not.toContain("Bad request");
    expect(clients.calls.map((call) => call.endpoint)).not.toContain(enterOnlineGameTickets);
  });

  it("gives the reason for a typed number that is not one in Dutch, where the API gives the spec's English", async () => {
    // As the shop API refuses it (games.server.ts): the spec's text at the ticket.
    enter.mockRejectedValue(
      apiErrorFromProblem(422, {
        title: "Unprocessable Content",
        status: 422,
        code: "Invalid",
        errors: { "tickets.AB1234": ["Not a valid ticket number"] },
      }),
    );
    const answer = await post({
      intent: "manual",
      ticketNumbers: "AB1234",
      gRecaptchaResponse: "local.ticked",
    });
    expect(answer.data).toMatchObject({
      failed: [{ ticketNumber: "AB1234", reason: "Dit is geen geldig lotnummer." }],
      error: gamePage.noneEntered,
    });
  });

  it("lists the tickets that failed when none entered, with the reason per ticket", async () => {
    enter.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "DuplicateTicketError",
        message: shopCodes.DuplicateTicketError,
        fieldErrors: { "tickets.AB12345": [shopCodes.DuplicateTicketError] },
      }),
    );
    const answer = await post({
      intent: "manual",
      ticketNumbers: "AB12345",
      gRecaptchaResponse: "local.ticked",
    });
    expect(answer.data).toMatchObject({
      failed: [
        { ticketNumber: "AB12345", code: "DuplicateTicketError", reason: shopCodes.DuplicateTicketError },
      ],
      error: gamePage.noneEntered,
      typed: "AB12345",
    });
  });

  it("sends a visitor to log in first, and answers 404 for a page without a game", async () => {
    const visitor = await post({ intent: "manual", ticketNumbers: "AB12345" }, null);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toContain("inloggen");
    clients = stubClients([
      [
        getGameOptIns,
        () => {
          throw new ApiError({ status: 404, message: "Not found", fieldErrors: {} });
        },
      ],
    ]);
    const missing = (await loader({
      request: new Request("http://shop.test/winactie/geen-spel"),
      context: routeContext({ clients }),
      params: { pageId: "geen-spel" },
    } as unknown as Parameters<typeof loader>[0])) as unknown as Answer;
    expect(missing.init?.status).toBe(404);
    expect(missing.data).toMatchObject({ game: undefined, loggedIn: false });
  });
});
