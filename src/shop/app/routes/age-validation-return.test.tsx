import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { completeIdin } from "@/src/contract/age-validation";
import type { Profile } from "@/src/contract/portal";
import { ApiError } from "@/src/shop/client/api-error";
import { routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AgeValidationReturnPage, { loader } from "./age-validation-return";

const PLAYER = { email: "nieuw@kroonloterij.example", validationState: "NotValidated" } as Profile;
const complete = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  complete.mockReset();
  clients = stubClients([[completeIdin, (input) => complete(input)]]);
});

/** `player: null` is an anonymous visitor. */
function load(url: string, player: Profile | null = PLAYER) {
  return loader({
    request: new Request(url),
    context: routeContext({ clients, player: player ?? undefined }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]).catch((error: unknown) => error);
}

async function renderReturn(url: string) {
  const answer = await load(url);
  const loaderData =
    (answer as { type?: string }).type === "DataWithResponseInit"
      ? (answer as { data: unknown }).data
      : answer;
  const props = { loaderData } as unknown as Parameters<typeof AgeValidationReturnPage>[0];
  const Stub = createRoutesStub([
    { path: "/leeftijdscontrole/terug", Component: () => <AgeValidationReturnPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/leeftijdscontrole/terug"]} />);
  return answer;
}

const answered = (status: string, returnPath = "/afrekenen") =>
  complete.mockResolvedValue({ status, validationState: "NotValidated", returnPath });

describe("GET /leeftijdscontrole/terug", () => {
  it("records the bank's answer and, validated, continues where the player was with a confirmation", async () => {
    complete.mockResolvedValue({
      status: "validated",
      validationState: "Validated",
      returnPath: "/afrekenen",
    });
    const answer = (await load("http://shop.test/leeftijdscontrole/terug?trxid=trx-1")) as Response;
    expect(complete).toHaveBeenCalledWith({ body: { transactionId: "trx-1" } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/afrekenen");
    const flash = setCookies(answer).find((cookie) => cookie.startsWith("kl_flash="));
    expect(decodeURIComponent(flash!)).toContain("Je leeftijd is bevestigd");
  });

  it("never continues at another site, whatever the answer says", async () => {
    complete.mockResolvedValue({
      status: "validated",
      validationState: "Validated",
      returnPath: "//evil.example",
    });
    const answer = (await load("http://shop.test/leeftijdscontrole/terug?trxid=trx-1")) as Response;
    expect(answer.headers.get("Location")).toBe("/mijn");
  });

  it("sends a visitor who is not logged in to the login, coming back here", async () => {
    const answer = (await load("http://shop.test/leeftijdscontrole/terug?trxid=trx-1", null)) as Response;
    expect(answer.headers.get("Location")).toBe(
      "/inloggen?returnUrl=%2Fleeftijdscontrole%2Fterug%3Ftrxid%3Dtrx-1",
    );
    expect(complete).not.toHaveBeenCalled();
  });

  it("explains an under-age result, without a way to try again", async () => {
    answered("underage");
    await renderReturn("http://shop.test/leeftijdscontrole/terug?trxid=trx-1");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Online spelen niet toegestaan");
    expect(screen.getByRole("status")).toHaveTextContent(/jonger dan 18 jaar/);
    expect(screen.queryByRole("link", { name: "Probeer het opnieuw" })).not.toBeInTheDocument();
  });

  it("says customer service checks a name or date of birth that does not match", async () => {
    answered("mismatch");
    await renderReturn("http://shop.test/leeftijdscontrole/terug?trxid=trx-1");
    expect(screen.getByRole("status")).toHaveTextContent(
      /We laten je gegevens controleren door de klantenservice/,
    );
    expect(screen.getByText(/binnen twee werkdagen/)).toContainElement(
      screen.getByRole("link", { name: "Naar de klantenservice" }),
    );
    expect(screen.getByRole("link", { name: "Naar de klantenservice" })).toHaveAttribute(
      "href",
      "/klantenservice",
    );
  });

  it.each([
    ["cancelled", "Leeftijdscontrole afgebroken"],
    ["failed", "Leeftijdscontrole niet gelukt"],
    ["pending", "Leeftijdscontrole nog niet afgerond"],
  ])("%s: says so, with a link to try again that keeps the return address", async (status, title) => {
    answered(status);
    await renderReturn("http://shop.test/leeftijdscontrole/terug?trxid=trx-1");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(screen.getByRole("link", { name: "Probeer het opnieuw" })).toHaveAttribute(
      "href",
      "/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen",
    );
  });

  it("an unknown transaction, or another player's, is not found (404)", async () => {
    complete.mockRejectedValue(new ApiError({ status: 404, message: "Niet gevonden" }));
    const answer = await renderReturn("http://shop.test/leeftijdscontrole/terug?trxid=of-another");
    expect((answer as { init: ResponseInit }).init.status).toBe(404);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Leeftijdscontrole niet gevonden");
    expect(screen.getByRole("link", { name: "Probeer het opnieuw" })).toHaveAttribute(
      "href",
      "/mijn/leeftijdscontrole",
    );
  });

  it("a return without a transaction id is not found, without asking the shop", async () => {
    const answer = await load("http://shop.test/leeftijdscontrole/terug");
    expect((answer as { init: ResponseInit }).init.status).toBe(404);
    expect(complete).not.toHaveBeenCalled();
  });
});
