import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CommunicationPreferences,
  getCommunicationPreferences,
  setCommunicationPreferences,
} from "@/src/contract/communication-preferences";
import type { Profile } from "@/src/contract/portal";
import { getPortalToken } from "@/src/contract/tokens";
import { communicationPreferenceMessages as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountPreferencesPage, { action, loader } from "./account-preferences";

const TOKEN = "token-of-this-session";
const PLAYER = { email: "speler@kroonloterij.example", validationState: "Validated" } as Profile;
const PAGE = "http://shop.test/mijn/voorkeuren";

const KROONLOTERIJ: CommunicationPreferences = {
  vertical: "kroonloterij",
  location: "mijn",
  channels: [
    { channel: "email", enabled: true, lastChangedAt: "2026-12-15T09:30:00.000Z" },
    { channel: "post", enabled: false, lastChangedAt: "2026-12-15T09:30:00.000Z" },
    { channel: "telephone", enabled: false, lastChangedAt: null },
    { channel: "sms", enabled: false, lastChangedAt: null },
  ],
};
const MILJOENENSPEL: CommunicationPreferences = {
  vertical: "miljoenenspel",
  location: "mijn",
  channels: KROONLOTERIJ.channels.map((row) => ({ ...row, enabled: false, lastChangedAt: null })),
};

const save = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  save.mockReset().mockImplementation(async ({ body }) => ({ ...MILJOENENSPEL, vertical: body.vertical }));
  clients = stubClients([
    [
      getCommunicationPreferences,
      (input) =>
        (input as { params: { vertical: string } }).params.vertical === "kroonloterij"
          ? KROONLOTERIJ
          : MILJOENENSPEL,
    ],
    [setCommunicationPreferences, (input) => save(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

async function renderPage(actionData?: unknown) {
  const loaderData = await loader({
    request: new Request(PAGE),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const props = { loaderData, actionData } as unknown as Parameters<typeof AccountPreferencesPage>[0];
  const Stub = createRoutesStub([
    { path: "/mijn/voorkeuren", Component: () => <AccountPreferencesPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/mijn/voorkeuren"]} />);
}

function post(fields: Array<[string, string]>) {
  const request = new Request(PAGE, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return action({
    request,
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<{
    data: { notice?: string; formError?: string };
    init: ResponseInit;
  }>;
}

describe("GET /mijn/voorkeuren", () => {
  it("shows both verticals with four channels each, ticked as chosen, with the time of the last change", async () => {
    await renderPage();
    expect(clients.calls.filter((call) => call.endpoint === getCommunicationPreferences)).toEqual([
      {
        endpoint: getCommunicationPreferences,
        input: { params: { vertical: "kroonloterij" }, query: { location: "mijn" } },
      },
      {
        endpoint: getCommunicationPreferences,
        input: { params: { vertical: "miljoenenspel" }, query: { location: "mijn" } },
      },
    ]);
    const kroon = screen.getByRole("group", { name: "Kroonloterij" });
    const miljoen = screen.getByRole("group", { name: "Miljoenenspel" });
    for (const group of [kroon, miljoen]) {
      expect(
        within(group)
          .getAllByRole("checkbox")
          .map((box) => box.getAttribute("name")),
      ).toHaveLength(4);
    }
    const email = within(kroon).getByRole("checkbox", { name: "E-mail" });
    expect(email).toBeChecked();
    expect(email).toHaveAccessibleDescription("Laatst gewijzigd op 15 december 2026 om 10:30");
    expect(within(kroon).getByRole("checkbox", { name: "Post" })).not.toBeChecked();
    expect(within(kroon).getByRole("checkbox", { name: "SMS" })).toHaveAccessibleDescription(
      "Nog niet gekozen",
    );
    expect(within(miljoen).getByRole("checkbox", { name: "Telefoon" })).not.toBeChecked();
  });

  it("is a plain form post carrying this browser's token", async () => {
    await renderPage();
    const form = screen.getByRole("form", { name: "Mijn voorkeuren" }) as HTMLFormElement;
    expect(form.method).toBe("post");
    const fields = new FormData(form);
    expect(fields.get("RequestVerificationToken")).toBe(TOKEN);
    expect(fields.getAll("vertical")).toEqual(["kroonloterij", "miljoenenspel"]);
    expect(fields.get("kroonloterij.email")).toBe("on");
    expect(fields.get("kroonloterij.post")).toBeNull();
  });

  it("shows the confirmation after saving", async () => {
    await renderPage({ notice: text.saved });
    expect(screen.getByRole("status")).toHaveTextContent("Je voorkeuren zijn opgeslagen.");
  });
});

describe("POST /mijn/voorkeuren (without JavaScript)", () => {
  it("saves every channel of each vertical shown, ticked or not, from location mijn", async () => {
    const answer = await post([
      ["RequestVerificationToken", TOKEN],
      ["vertical", "kroonloterij"],
      ["vertical", "miljoenenspel"],
      ["kroonloterij.post", "on"],
      ["miljoenenspel.sms", "on"],
    ]);
    expect(answer.init.status).toBe(200);
    expect(answer.data).toEqual({ notice: "Je voorkeuren zijn opgeslagen." });
    expect(save.mock.calls.map(([input]) => input)).toEqual([
      {
        body: {
          vertical: "kroonloterij",
          location: "mijn",
          channels: { email: false, post: true, telephone: false, sms: false },
        },
      },
      {
        body: {
          vertical: "miljoenenspel",
          location: "mijn",
          channels: { email: false, post: false, telephone: false, sms: true },
        },
      },
    ]);
  });

  it("ignores verticals the shop does not have", async () => {
    await post([
      ["RequestVerificationToken", TOKEN],
      ["vertical", "postcodeloterij"],
      ["vertical", "kroonloterij"],
      ["postcodeloterij.email", "on"],
    ]);
    expect(save).toHaveBeenCalledOnce();
    expect(save.mock.calls[0]?.[0].body.vertical).toBe("kroonloterij");
  });

  it("shows the portal's Dutch reason when it refuses", async () => {
    save.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "UnknownChannelError",
        message: "Er is iets mis gegaan, probeer het later opnieuw",
        fieldErrors: { "channels.fax": [text.unknownChannel] },
      }),
    );
    const answer = await post([
      ["RequestVerificationToken", TOKEN],
      ["vertical", "kroonloterij"],
    ]);
    expect(answer.init.status).toBe(422);
    expect(answer.data.formError).toBe(text.unknownChannel);
  });

  it("saves nothing for a form without this browser's token", async () => {
    const answer = await post([
      ["vertical", "kroonloterij"],
      ["kroonloterij.email", "on"],
    ]);
    expect(answer.init.status).toBe(403);
    expect(answer.data.formError).toBe("Dit formulier is verlopen. Probeer het opnieuw.");
    expect(save).not.toHaveBeenCalled();
  });
});
