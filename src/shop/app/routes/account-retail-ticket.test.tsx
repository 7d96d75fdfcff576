import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import { linkRetailTicket } from "@/src/contract/results";
import { getPortalToken } from "@/src/contract/tokens";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountRetailTicketPage, { action } from "./account-retail-ticket";

vi.mock("@/src/shop/components/api-context", () => ({
  ApiProvider: ({ children }: { children: React.ReactNode }) => children,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));

const PLAYER = { email: "speler@kroonloterij.example" } as Profile;
/** This browser's anti-forgery token, which the page's form carries. */
const TOKEN = "token-of-this-session";
const link = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  link.mockReset();
  clients = stubClients([
    [linkRetailTicket, (input) => link(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

function post(
  barcode: string,
  { player, token = TOKEN }: { player?: Profile; token?: string } = { player: PLAYER },
) {
  return action({
    request: formPost("http://shop.test/mijn/loten/winkellot-toevoegen", {
      barcode,
      RequestVerificationToken: token,
    }),
    context: routeContext({ clients, player }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

describe("POST /mijn/loten/winkellot-toevoegen (the barcode entry without JavaScript)", () => {
  it("links the barcode, spaces removed, and answers 303 to Mijn loten with the confirmation", async () => {
    link.mockResolvedValue({});
    const answer = (await post(" 8712 3450 00031 ")) as Response;
    expect(link).toHaveBeenCalledWith({ body: { barcode: "8712345000031" } });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/mijn/loten");
    expect(decodeURIComponent(setCookies(answer).join())).toContain(
      "Je winkellot is toegevoegd aan Mijn loten",
    );
  });

  it("keeps a barcode the entry's own check refuses, with its message, without asking the shop API", async () => {
    const answer = (await post("12 34")) as { data: unknown; init: ResponseInit };
    expect(answer.init.status).toBe(422);
    expect(answer.data).toEqual({ barcode: "12 34", error: "Een barcode bestaat uit 8 tot 20 cijfers" });
    expect(link).not.toHaveBeenCalled();
  });

  it("shows the shop's Dutch refusal", async () => {
    link.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "RetailTicketAlreadyLinkedError",
        message: "Dit lot is al gekoppeld.",
      }),
    );
    const answer = (await post("8712345000031")) as { data: unknown };
    expect(answer.data).toEqual({ barcode: "8712345000031", error: "Dit lot is al gekoppeld." });
  });

  it("links nothing from a form without this browser's token", async () => {
    const answer = (await post("8712345000031", { player: PLAYER, token: "" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(403);
    expect(answer.data).toEqual({
      barcode: "8712345000031",
      error: "Dit formulier is verlopen. Probeer het opnieuw.",
    });
    expect(link).not.toHaveBeenCalled();
  });

  it("sends a visitor whose session ended to the portal", async () => {
    const thrown = (await post("8712345000031", {}).catch((error: unknown) => error)) as Response;
    expect(thrown.headers.get("Location")).toBe("/inloggen?returnUrl=%2Fmijn%2Floten%2Fwinkellot-toevoegen");
    expect(link).not.toHaveBeenCalled();
  });
});

describe("the barcode page", () => {
  it("shows the entry posting here, with the refused barcode and its message", () => {
    const props = {
      loaderData: { token: TOKEN },
      actionData: { barcode: "12 34", error: "Een barcode bestaat uit 8 tot 20 cijfers" },
    } as unknown as Parameters<typeof AccountRetailTicketPage>[0];
    const Stub = createRoutesStub([
      { path: "/mijn/loten/winkellot-toevoegen", Component: () => <AccountRetailTicketPage {...props} /> },
    ]);
    render(<Stub initialEntries={["/mijn/loten/winkellot-toevoegen"]} />);
    const field = screen.getByRole("textbox", { name: "Barcode" });
    expect(field).toHaveValue("12 34");
    expect(field).toHaveAccessibleDescription(/Een barcode bestaat uit 8 tot 20 cijfers/);
    expect(field.closest("form")).toHaveAttribute("method", "post");
    expect(field.closest("form")).toHaveAttribute("action", "/mijn/loten/winkellot-toevoegen");
    expect(new FormData(field.closest("form")!).get("RequestVerificationToken")).toBe(TOKEN);
  });
});
