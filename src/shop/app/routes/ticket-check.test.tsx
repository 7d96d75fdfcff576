import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import { checkTickets, getDrawResult, getTicketCheckerDraws } from "@/src/contract/results";
import { getPortalToken } from "@/src/contract/tokens";
import { ApiError, apiErrorFromProblem } from "@/src/shop/client/api-error";
import { draws, november } from "@/src/shop/slices/results/ticket-checker/checkable-draws.fixtures";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import TicketCheckPage, { action, loader } from "./ticket-check";

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));

const check = vi.fn();
const drawResult = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  check.mockReset();
  drawResult.mockReset();
  clients = stubClients([
    [getTicketCheckerDraws, () => ({ draws })],
    [checkTickets, (input) => check(input)],
    [getDrawResult, (input) => drawResult(input)],
    [getPortalToken, () => ({ token: "token-of-this-session" })],
  ]);
});

function post(fields: Record<string, string>) {
  return action({
    request: formPost("http://shop.test/trekkingsuitslag/controleren", fields),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

type Answer = { data: Record<string, unknown>; init: ResponseInit | null };

describe("POST /trekkingsuitslag/controleren (the ticket checker without JavaScript)", () => {
  it("checks the filled-in rows against the posted draw and answers with the outcome, numbers as checked", async () => {
    check.mockResolvedValue({
      drawId: november.drawId,
      results: [{ ticketNumber: "AB12345", fraction: "WHOLE", withXl: true, prizes: [], totalInCents: 0 }],
      totalInCents: 0,
    });
    const answer = (await post({
      drawId: String(november.drawId),
      "tickets.0.ticketNumber": "ab 12 345",
      "tickets.0.withXl": "on",
      "tickets.1.ticketNumber": "",
    })) as Answer;
    expect(check).toHaveBeenCalledWith({
      body: {
        drawId: november.drawId,
        tickets: [{ ticketNumber: "AB12345", fraction: "WHOLE", withXl: true }],
      },
    });
    expect(answer.data).toMatchObject({
      draw: november,
      rows: [
        { key: 0, ticketNumber: "AB12345", withXl: true },
        { key: 1, ticketNumber: "" },
      ],
      rowErrors: {},
      outcome: { totalInCents: 0 },
    });
  });

  it("keeps a number that is not one, with the checker's message, without asking the shop API", async () => {
    const answer = (await post({
      drawId: String(november.drawId),
      "tickets.0.ticketNumber": "AB1234",
    })) as Answer;
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toMatchObject({
      rows: [{ key: 0, ticketNumber: "AB1234" }],
      rowErrors: { 0: "Dit is geen geldig lotnummer." },
    });
    expect(check).not.toHaveBeenCalled();
  });

  it("shows the catalogue's Dutch where the shop API answers with the spec's English (issue 43)", async () => {
    // As the shop API answers a number it refuses: the spec's text at the field.
    check.mockRejectedValue(
      apiErrorFromProblem(400, {
        title: "Validation failed",
        status: 400,
        errors: { "tickets.0.ticketNumber": ["Not a valid ticket number"] },
      }),
    );
    const answer = (await post({
      drawId: String(november.drawId),
      "tickets.0.ticketNumber": "AB12345",
    })) as Answer;
    expect(answer.data).toMatchObject({ rowErrors: { 0: "Dit is geen geldig lotnummer." } });
    expect(JSON.stringify(answer.data)).not.toContain("Not a valid ticket number");
  });

  it("asks for a number when every row is empty", async () => {
    const answer = (await post({ drawId: String(november.drawId), "tickets.0.ticketNumber": " " })) as Answer;
    expect(answer.data.formError).toBe("Vul minstens één lotnummer in");
  });

  it("puts the shop API's errors at their rows", async () => {
    check.mockRejectedValue(
      new ApiError({
        status: 400,
        message: "Bad request",
        fieldErrors: { "tickets.0.fraction": ["Kies heel of een deel"] },
      }),
    );
    const answer = (await post({
      drawId: String(november.drawId),
      "tickets.0.ticketNumber": "AB12345",
    })) as Answer;
    expect(answer.data).toMatchObject({ rowErrors: { 0: "Kies heel of een deel" } });
    expect(answer.data.formError).toBeUndefined();
  });

  it("checks an older published draw a draw's page offers, and refuses one that does not exist", async () => {
    const old = { ...november, drawId: 900, name: "Maandtrekking januari 2020" };
    drawResult.mockResolvedValueOnce({ draw: old });
    check.mockResolvedValue({ drawId: 900, results: [], totalInCents: 0 });
    const answer = (await post({ drawId: "900", "tickets.0.ticketNumber": "AB12345" })) as Answer;
    expect(answer.data.draw).toEqual(old);

    drawResult.mockRejectedValueOnce(new ApiError({ status: 404, message: "Not found" }));
    await expect(post({ drawId: "901", "tickets.0.ticketNumber": "AB12345" })).rejects.toMatchObject({
      init: { status: 400 },
    });
  });
});

describe("the ticket check page", () => {
  async function renderPage(actionData?: unknown, player?: Profile) {
    const loaderData = await loader({
      request: new Request("http://shop.test/trekkingsuitslag/controleren"),
      context: routeContext({ clients, player }),
      params: {},
    } as unknown as Parameters<typeof loader>[0]);
    const props = { loaderData, actionData } as unknown as Parameters<typeof TicketCheckPage>[0];
    const Stub = createRoutesStub([
      { path: "/trekkingsuitslag/controleren", Component: () => <TicketCheckPage {...props} /> },
    ]);
    render(<Stub initialEntries={["/trekkingsuitslag/controleren"]} />);
  }

  it("shows the rows as checked with the outcome, in a form that posts here again", async () => {
    await renderPage({
      draw: november,
      rows: [{ key: 0, ticketNumber: "AB12345", fraction: "WHOLE", withXl: false }],
      rowErrors: {},
      outcome: {
        results: [{ ticketNumber: "AB12345", fraction: "WHOLE", withXl: false, prizes: [], totalInCents: 0 }],
        totalInCents: 0,
      },
    });
    const field = screen.getByRole("textbox", { name: "Lotnummer 1" });
    expect(field).toHaveValue("AB12345");
    expect(field.closest("form")).toHaveAttribute("action", "/trekkingsuitslag/controleren");
    expect(field.closest("form")).toHaveAttribute("method", "post");
    expect(screen.getByText(/Totaal gewonnen: €\s0,00/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Barcode" })).not.toBeInTheDocument();
  });

  it("offers a logged-in player the barcode entry, which the server knows to show", async () => {
    await renderPage(undefined, { email: "speler@kroonloterij.example" } as Profile);
    const barcode = screen.getByRole("textbox", { name: "Barcode" });
    expect(barcode.closest("form")).toHaveAttribute("action", "/mijn/loten/winkellot-toevoegen");
    expect(new FormData(barcode.closest("form")!).get("RequestVerificationToken")).toBe(
      "token-of-this-session",
    );
  });
});
