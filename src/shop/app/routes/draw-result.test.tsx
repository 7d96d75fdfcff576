import { render, screen, within } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicEnv } from "@/src/config/public-env";
import {
  type DrawResultDetails,
  type DrawSummary,
  getDrawResult,
  getDrawResults,
  getTicketCheckerDraws,
} from "@/src/contract/results";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { ShellContext } from "@/src/shop/components/shell-context";
import { stubClients } from "@/tests/support/stub-clients";
import DrawResultPage, { headers, loader, meta } from "./draw-result";

const drawResults = vi.fn();
const drawResult = vi.fn();
const checkerDraws = vi.fn();
const clients = stubClients([
  [getDrawResults, () => drawResults()],
  [getDrawResult, (input) => drawResult(input)],
  [getTicketCheckerDraws, () => checkerDraws()],
]);
vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));
vi.mock("@/src/shop/slices/player/player-store", () => ({ usePlayer: () => ({ status: "notLoggedIn" }) }));

const october: DrawSummary = {
  drawId: 1248,
  name: "Maandtrekking oktober 2030",
  slug: "maandtrekking-oktober-2030",
  gameType: "KROON",
  kind: "regular",
  drawDate: "2030-10-10T18:00:00.000Z",
  jackpotInCents: 2_500_000_000,
  jackpotFell: false,
};
const november: DrawSummary = {
  ...october,
  drawId: 1249,
  name: "Maandtrekking november 2030",
  slug: "maandtrekking-november-2030",
  drawDate: "2030-11-10T19:00:00.000Z",
};
const details: DrawResultDetails = {
  draw: october,
  result: {
    gameType: "KROON",
    jackpot: { number: "CS45657", amountInCents: 2_500_000_000, fell: false },
    nextJackpotInCents: 3_000_000_000,
    nextJackpotChancePercent: 55,
    fullNumberPrizes: [{ number: "KL10203", amountInCents: 100_000_000 }],
    sameDigitsPrizes: [],
    endDigitPrizes: [{ digits: "7", amountInCents: 1_000 }],
    xlPrizes: [],
    consolationPrizes: [],
  },
};

const log = { error: vi.fn() };

function loaderArgs(draw: string) {
  const context = new RouterContextProvider();
  context.set(requestContext, { clients, log } as unknown as RequestContext);
  const request = new Request(`http://shop.test/trekkingsuitslag/${draw}`);
  return { request, params: { draw }, context } as unknown as Parameters<typeof loader>[0];
}

/** The loader's answer as React Router hands it to the page (a `data()` result carries headers). */
async function load(draw: string) {
  const result = (await loader(loaderArgs(draw))) as unknown as { data: unknown; init: ResponseInit };
  return result;
}

async function expectNotFound(draw: string) {
  const thrown = await loader(loaderArgs(draw)).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toMatchObject({
    init: { status: 404 },
    data: { message: `Page Not Found: /trekkingsuitslag/${draw}` },
  });
}

beforeEach(() => {
  drawResults.mockReset().mockResolvedValue({
    draws: [november, october],
    nextPublicationDate: "2030-12-10T20:00:00.000Z",
  });
  drawResult.mockReset().mockResolvedValue(details);
  checkerDraws.mockReset().mockResolvedValue({ draws: [november, october] });
  log.error.mockReset();
  clients.calls.length = 0;
});

describe("/trekkingsuitslag/{draw}", () => {
  it("is a 404 for a slug that fails the validity check, without asking for results", async () => {
    await expectNotFound("Maandtrekking");
    await expectNotFound("ab");
    expect(clients.calls).toEqual([]);
  });

  it("is a 404 for an unknown or not yet published draw", async () => {
    await expectNotFound("maandtrekking-december-2030");
    drawResult.mockRejectedValue(new ApiError({ status: 404, message: "Niet gevonden" }));
    await expectNotFound("maandtrekking-oktober-2030");
  });

  it("is cacheable by shared caches for a minute and names the draw in title and description", async () => {
    const { data, init } = await load("maandtrekking-oktober-2030");
    const sent = new Headers(init.headers);
    expect(sent.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(sent.get("x-kl-cache-tags")).toBe(
      "draw-results,path:/trekkingsuitslag/maandtrekking-oktober-2030",
    );
    // Kept until the next result is published, as the API says.
    expect(sent.get("x-kl-fresh-until")).toBe(String(Date.parse("2030-12-10T20:00:00.000Z")));
    expect(clients.calls).toContainEqual({ endpoint: getDrawResult, input: { params: { drawId: 1248 } } });
    expect(headers({ loaderHeaders: sent } as Parameters<typeof headers>[0])).toEqual(sent);
    const tags = meta({ loaderData: data } as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: "Uitslag Maandtrekking oktober 2030 | Kroonloterij" });
    expect(tags).toContainEqual({
      name: "description",
      content:
        "De uitslag van de Maandtrekking oktober 2030 van donderdag 10 oktober 2030: de jackpot, de hoofdprijzen, de eindcijfers en de XL-prijzen. Controleer direct je lotnummers.",
    });
  });

  it("shows the draw's result, the ticket checker set to that draw and the other draws", async () => {
    const { data } = await load("maandtrekking-oktober-2030");
    const Stub = createRoutesStub([
      {
        path: "/trekkingsuitslag/:draw",
        Component: DrawResultPage as never,
        loader: () => data,
        HydrateFallback: () => null,
      },
    ]);
    render(
      <ShellContext value={{ env: {} as PublicEnv }}>
        <Stub initialEntries={["/trekkingsuitslag/maandtrekking-oktober-2030"]} />
      </ShellContext>,
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Uitslag Maandtrekking oktober 2030" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Trekking van donderdag 10 oktober 2030")).toBeInTheDocument();
    expect(
      screen.getByText("De jackpot is niet gevallen. Volgende keer: € 30.000.000,00 met een kans van 55%"),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "Hoofdprijzen en hoge prijzen" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Prijzen op het hele lotnummer" })).toHaveTextContent("KL10203");
    expect(screen.getByRole("heading", { level: 2, name: "Controleer je lotnummers" })).toBeInTheDocument();
    // The checker lists draws by date under their game, the chosen draw's name under the list (issue 43).
    expect(screen.getByRole("combobox", { name: "Trekking" })).toHaveDisplayValue("10 oktober 2030");
    expect(screen.getByRole("combobox", { name: "Trekking" })).toHaveAccessibleDescription(
      "Maandtrekking oktober 2030",
    );
    const past = screen.getByRole("navigation", { name: "Eerdere trekkingen" });
    expect(within(past).getByRole("link", { name: "Maandtrekking november 2030" })).toHaveAttribute(
      "href",
      "/trekkingsuitslag/maandtrekking-november-2030",
    );
    expect(within(past).queryByRole("link", { name: "Maandtrekking oktober 2030" })).not.toBeInTheDocument();
  });

  it("lets the checker check a draw older than its window, and survives the lists failing", async () => {
    checkerDraws.mockRejectedValue(new ApiError({ status: 503, message: "Er ging iets mis" }));
    const { data } = await load("maandtrekking-oktober-2030");
    expect(data).toMatchObject({ draws: [october], past: [november, october] });
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
