import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CommunicationPreferencesFields } from "@/content-models/communication-preferences";
import {
  type CommunicationPreferences,
  getCommunicationPreferences,
  setCommunicationPreferences,
} from "@/src/contract/communication-preferences";
import { communicationPreferenceMessages as text } from "@/src/lib/messages";
import { apiErrorFromProblem } from "@/src/shop/client/api-error";
import type { ViewBlock } from "../block-view-props";
import CommunicationPreferencesBlock from "./communication-preferences";

// One client for the tab, as the real provider gives; the preferences are the portal's.
const { call, clients } = vi.hoisted(() => {
  const call = vi.fn();
  return { call, clients: { shop: { call: vi.fn() }, portal: { call } } };
});

const player = vi.hoisted(() => ({ status: "player" as string }));
vi.mock("@/src/shop/components/shell-context", () => ({ useShell: () => ({ env: {} }) }));
vi.mock("@/src/shop/slices/player/player-store", () => ({ usePlayer: () => ({ status: player.status }) }));
vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => clients,
}));

const FIELDS: CommunicationPreferencesFields = {
  pageId: "nieuwsbrief",
  title: "Hoe mogen we je benaderen?",
  vertical: "miljoenenspel",
};

const STORED: CommunicationPreferences = {
  vertical: "miljoenenspel",
  location: "campagne",
  channels: [
    { channel: "email", enabled: true, lastChangedAt: "2026-12-01T08:00:00.000Z" },
    { channel: "post", enabled: false, lastChangedAt: null },
    { channel: "telephone", enabled: false, lastChangedAt: null },
    { channel: "sms", enabled: false, lastChangedAt: null },
  ],
};

function stubBlock() {
  const block: ViewBlock<"communicationPreferences"> = {
    id: "communicationpreferences-nieuwsbrief",
    type: "communicationPreferences",
    props: FIELDS,
    data: undefined,
  };
  return createRoutesStub([
    { path: "/nieuwsbrief", Component: () => <CommunicationPreferencesBlock block={block} /> },
  ]);
}

function renderBlock() {
  const Stub = stubBlock();
  render(<Stub initialEntries={["/nieuwsbrief?utm=mail"]} />);
  return userEvent.setup();
}

beforeEach(() => {
  call.mockReset();
  player.status = "player";
});

describe("communication preferences block", () => {
  it("reads the player's choices for its vertical from location campagne and saves them from there", async () => {
    call.mockImplementation(async (endpoint: unknown, input: { body?: Record<string, unknown> }) => {
      if (endpoint === getCommunicationPreferences) return STORED;
      if (endpoint === setCommunicationPreferences) {
        return {
          ...STORED,
          channels: STORED.channels.map((row) =>
            row.channel === "sms"
              ? { ...row, enabled: true, lastChangedAt: "2026-12-15T09:30:00.000Z" }
              : row,
          ),
        };
      }
      throw new Error(`unexpected call ${JSON.stringify(input)}`);
    });
    const user = renderBlock();
    const group = await screen.findByRole("group", { name: "Miljoenenspel" });
    expect(call).toHaveBeenCalledWith(getCommunicationPreferences, {
      params: { vertical: "miljoenenspel" },
      query: { location: "campagne" },
      signal: expect.any(AbortSignal),
    });
    expect(within(group).getByRole("checkbox", { name: "E-mail" })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: "E-mail" })).toHaveAccessibleDescription(
      "Laatst gewijzigd op 1 december 2026 om 09:00",
    );

    await user.click(within(group).getByRole("checkbox", { name: "SMS" }));
    await user.click(screen.getByRole("button", { name: "Voorkeuren opslaan" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Je voorkeuren zijn opgeslagen.");
    expect(call).toHaveBeenLastCalledWith(setCommunicationPreferences, {
      body: {
        vertical: "miljoenenspel",
        location: "campagne",
        channels: { email: true, post: false, telephone: false, sms: true },
      },
    });
    expect(
      within(screen.getByRole("group", { name: "Miljoenenspel" })).getByRole("checkbox", { name: "SMS" }),
    ).toHaveAccessibleDescription("Laatst gewijzigd op 15 december 2026 om 10:30");
  });

  it("shows the Dutch reason when saving is refused", async () => {
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === getCommunicationPreferences) return STORED;
      throw apiErrorFromProblem(422, {
        status: 422,
        code: "UnknownVerticalError",
        errors: { vertical: [text.unknownVertical] },
      });
    });
    const user = renderBlock();
    await user.click(await screen.findByRole("button", { name: "Voorkeuren opslaan" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(text.unknownVertical);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("asks a visitor who is not logged in to log in and come back here, asking the portal nothing", async () => {
    player.status = "notLoggedIn";
    renderBlock();
    expect(await screen.findByRole("link", { name: "Inloggen" })).toHaveAttribute(
      "href",
      `/inloggen?returnUrl=${encodeURIComponent("/nieuwsbrief?utm=mail")}`,
    );
    expect(screen.getByRole("heading", { name: "Hoe mogen we je benaderen?" })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it("asks for a login when the portal no longer knows the session", async () => {
    call.mockRejectedValue(apiErrorFromProblem(401, { status: 401 }));
    renderBlock();
    expect(await screen.findByRole("link", { name: "Inloggen" })).toBeInTheDocument();
  });

  it("without JavaScript (the server's HTML) points to Mijn voorkeuren", () => {
    const Stub = stubBlock();
    const html = renderToString(<Stub initialEntries={["/nieuwsbrief"]} />);
    const noscript = /<noscript>(.*?)<\/noscript>/s.exec(html)?.[1] ?? "";
    expect(noscript).toContain(text.noScript);
    expect(noscript).toContain('href="/mijn/voorkeuren"');
    expect(call).not.toHaveBeenCalled();
  });
});
