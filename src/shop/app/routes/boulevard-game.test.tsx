import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getBoulevardGame, getBoulevardTickets, getDrawResult } from "@/src/contract/results";
import { boulevardNumbers } from "@/src/domain/results/boulevard";
import { apiErrorFromProblem } from "@/src/shop/client/api-error";
import { classic, november } from "@/src/shop/slices/results/draw-result/draw-result.fixtures";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import BoulevardGameRoute, { loader } from "./boulevard-game";

const game = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  game.mockReset().mockImplementation(({ params, query }) => ({
    boulevardId: params.boulevardId,
    drawId: november.drawId,
    shares: Number(query.shares),
    prizes: [
      { ticketNumber: `${params.boulevardId}03`, amountInCents: 500 },
      { ticketNumber: `${params.boulevardId}24`, amountInCents: 5_000 },
    ],
    totalInCents: 5_500,
    perShareInCents: Math.floor(5_500 / Number(query.shares)),
  }));
  clients = stubClients([
    [getBoulevardGame, (input) => game(input)],
    [
      getBoulevardTickets,
      (input) => {
        const { boulevardId } = (input as { params: { boulevardId: string } }).params;
        return { boulevardId, tickets: boulevardNumbers(boulevardId) };
      },
    ],
    [getDrawResult, () => ({ draw: november, result: classic })],
  ]);
});

type Answer = { data: unknown; init: ResponseInit | null };

/** The page at `search` as the server renders it: its loader's answer (and status), then its view. */
async function renderPage(search: string): Promise<Answer> {
  const url = `http://shop.test/boulevardspel/uitslag${search}`;
  const answer = (await loader({
    request: new Request(url),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof loader>[0])) as unknown as Answer;
  const props = { loaderData: answer.data } as unknown as Parameters<typeof BoulevardGameRoute>[0];
  const Stub = createRoutesStub([
    { path: "/boulevardspel/uitslag", Component: () => <BoulevardGameRoute {...props} /> },
  ]);
  render(<Stub initialEntries={[`/boulevardspel/uitslag${search}`]} />);
  return answer;
}

const idField = () => screen.findByRole("textbox", { name: "Boulevardnummer" });
const sharesField = () => screen.getByRole("textbox", { name: "Aantal delen" });

describe("/boulevardspel/uitslag (the boulevard game's result page)", () => {
  it("asks for a boulevard when the address names none, in a GET form to itself, a whole boulevard by default", async () => {
    await renderPage("");
    const id = await idField();
    expect(id).toHaveValue("");
    expect(sharesField()).toHaveValue("1");
    const form = id.closest("form")!;
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/boulevardspel/uitslag");
    expect(id).toHaveAttribute("name", "boulevard");
    expect(sharesField()).toHaveAttribute("name", "delen");
    expect(clients.calls).toEqual([]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the boulevard's result in the latest draw, its part per share and its 100 numbers with the winners", async () => {
    const answer = await renderPage("?boulevard=kb+123&delen=5");
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toMatchObject({ title: "Uitslag boulevard KB123" });
    expect(game).toHaveBeenCalledWith(
      expect.objectContaining({ params: { boulevardId: "KB123" }, query: { shares: "5" } }),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Uitslag boulevard KB123" }),
    ).toBeInTheDocument();
    const result = screen.getByRole("region", { name: "Maandtrekking november 2030" });
    expect(within(result).getByText(/^Getrokken op 10 november 2030\./)).toBeInTheDocument();
    expect(
      within(result).getByRole("link", { name: "Bekijk de hele uitslag van deze trekking" }),
    ).toHaveAttribute("href", `/trekkingsuitslag/${november.slug}`);
    expect(within(result).getByText(/^Je boulevard won samen €\s55,00\.$/)).toBeInTheDocument();
    expect(within(result).getByText(/^Verdeeld over 5 delen is jouw deel €\s11,00\.$/)).toBeInTheDocument();

    const prizes = within(result).getByRole("table", { name: "Lotnummers met een prijs" });
    expect(
      within(prizes)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent?.replace(/\s/g, " ")),
    ).toEqual(["KB12303€ 5,00", "KB12324€ 50,00"]);

    const numbers = within(result).getByRole("list", { name: "De 100 lotnummers van boulevard KB123" });
    const items = within(numbers).getAllByRole("listitem");
    expect(items).toHaveLength(100);
    expect(items[0]).toHaveTextContent(/^KB12300$/);
    expect(items[3]).toHaveTextContent(/^KB12303wint €\s5,00$/);
    expect(items[99]).toHaveTextContent(/^KB12399$/);

    // The form for another boulevard, with this query as typed.
    expect(screen.getByRole("form", { name: "Bekijk een andere boulevard" })).toBeInTheDocument();
    expect(await idField()).toHaveValue("kb 123");
    expect(sharesField()).toHaveValue("5");
  });

  it("says nothing about shares for a whole boulevard", async () => {
    await renderPage("?boulevard=KB123");
    expect(await screen.findByText(/^Je boulevard won samen €\s55,00\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/Verdeeld over/)).not.toBeInTheDocument();
  });

  it.each([
    ["an empty id", "?boulevard=&delen=1", "Boulevardnummer", "Vul het nummer van je boulevard in."],
    [
      "an id that is all digits",
      "?boulevard=12345&delen=1",
      "Boulevardnummer",
      "Een boulevard bestaat uit 2 letters en 3 cijfers, bijvoorbeeld AB123.",
    ],
    [
      "a boulevard that does not exist",
      "?boulevard=IO123&delen=1",
      "Boulevardnummer",
      "Deze boulevard bestaat niet: lotnummers hebben nooit de letters I, O of Q.",
    ],
    [
      "shares that are no number",
      "?boulevard=KB123&delen=twee",
      "Aantal delen",
      "Vul een aantal delen van 1 tot en met 100 in.",
    ],
    [
      "shares out of range",
      "?boulevard=KB123&delen=101",
      "Aantal delen",
      "Vul een aantal delen van 1 tot en met 100 in.",
    ],
    [
      "no shares",
      "?boulevard=KB123&delen=",
      "Aantal delen",
      "Vul het aantal delen in: 1 voor een hele boulevard.",
    ],
  ])(
    "refuses %s at its field in Dutch, as a 400, without asking the API",
    async (_, search, label, message) => {
      const answer = await renderPage(search);
      expect(answer.init?.status).toBe(400);
      const field = await screen.findByRole("textbox", { name: label });
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(field).toHaveFocus();
      expect(clients.calls).toEqual([]);
      expect(screen.queryByRole("list", { name: /De 100 lotnummers/ })).not.toBeInTheDocument();
    },
  );

  it("shows the API's refusal at its field, in Dutch where the API gives the spec's English", async () => {
    game.mockImplementation(() => {
      throw apiErrorFromProblem(400, {
        title: "Bad Request",
        status: 400,
        detail: "Boulevardid or share not filled",
        errors: { shares: ["Boulevardid or share not filled"] },
      });
    });
    const answer = await renderPage("?boulevard=KB123&delen=2");
    expect(answer.init?.status).toBe(400);
    const shares = await screen.findByRole("textbox", { name: "Aantal delen" });
    expect(shares).toHaveAccessibleDescription(
      expect.stringContaining("Vul het nummer van je boulevard en het aantal delen in."),
    );
    expect(document.body).not.toHaveTextContent(/not filled|Bad request/i);
  });

  it("says so before any classic draw's result is published", async () => {
    game.mockImplementation(() => {
      throw apiErrorFromProblem(404, { title: "Not Found", status: 404, detail: "nog niet bekend" });
    });
    const answer = await renderPage("?boulevard=KB123&delen=1");
    expect(answer.init?.status).toBe(404);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Er is nog geen uitslag van een trekking bekend. Kijk na de volgende trekking weer.",
    );
  });
});
