import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { LoyaltySignUpFields } from "@/content-models/loyalty-sign-up";
import { getLoyalty, type Loyalty, subscribeLoyalty } from "@/src/contract/loyalty";
import { loyaltyMessages as text } from "@/src/lib/messages";
import { apiErrorFromProblem } from "@/src/shop/client/api-error";
import type { ViewBlock } from "../block-view-props";
import LoyaltySignUpBlock from "./loyalty-sign-up";

const { call, clients } = vi.hoisted(() => {
  const call = vi.fn();
  return { call, clients: { shop: { call }, portal: { call: vi.fn() } } };
});

const player = vi.hoisted(() => ({ status: "player" as string }));
vi.mock("@/src/shop/components/shell-context", () => ({ useShell: () => ({ env: {} }) }));
vi.mock("@/src/shop/slices/player/player-store", () => ({ usePlayer: () => ({ status: player.status }) }));
vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => clients,
}));

const FIELDS: LoyaltySignUpFields = { pageId: "kroonpunten", title: "Spaar Kroonpunten" };
const OUTSIDER: Loyalty = { member: false, joinedAt: null, points: 0, recent: [] };
const MEMBER: Loyalty = { member: true, joinedAt: "2026-12-15T09:30:00.000Z", points: 162, recent: [] };

function stubBlock(fields: LoyaltySignUpFields = FIELDS) {
  const block: ViewBlock<"loyaltySignUp"> = {
    id: "loyaltysignup-kroonpunten",
    type: "loyaltySignUp",
    props: fields,
    data: undefined,
  };
  return createRoutesStub([{ path: "/kroonpunten", Component: () => <LoyaltySignUpBlock block={block} /> }]);
}

function renderBlock(fields?: LoyaltySignUpFields) {
  const Stub = stubBlock(fields);
  render(<Stub initialEntries={["/kroonpunten"]} />);
  return userEvent.setup();
}

beforeEach(() => {
  call.mockReset();
  player.status = "player";
});

describe("loyalty sign-up block", () => {
  it("joins a player who is not a member and shows the welcome and the balance", async () => {
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === getLoyalty) return OUTSIDER;
      if (endpoint === subscribeLoyalty) return { ...MEMBER, points: 0 };
      throw new Error("unexpected call");
    });
    const user = renderBlock({ ...FIELDS, buttonLabel: "Ik doe mee" });
    expect(screen.getByText(text.howItWorks)).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Ik doe mee" }));
    expect(await screen.findByRole("status")).toHaveTextContent(text.joined);
    expect(screen.getByText("Je hebt 0 Kroonpunten.")).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(subscribeLoyalty);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows a member the points balance, without a button to join", async () => {
    call.mockResolvedValue(MEMBER);
    renderBlock();
    expect(await screen.findByText("Je hebt 162 Kroonpunten.")).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Naar Mijn Kroonloterij" })).toHaveAttribute("href", "/mijn");
  });

  it("says a player who joined in another tab is a member already", async () => {
    let joined = false;
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === getLoyalty) return joined ? MEMBER : OUTSIDER;
      joined = true;
      throw apiErrorFromProblem(409, { status: 409, code: "LoyaltyAlreadySubscribedError" });
    });
    const user = renderBlock();
    await user.click(await screen.findByRole("button", { name: "Doe mee met Kroonpunten" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Je doet al mee met Kroonpunten.");
    expect(await screen.findByText("Je hebt 162 Kroonpunten.")).toBeInTheDocument();
  });

  it("asks a visitor who is not logged in to log in and come back here, asking the shop nothing", async () => {
    player.status = "notLoggedIn";
    renderBlock();
    expect(await screen.findByRole("link", { name: "Inloggen" })).toHaveAttribute(
      "href",
      `/inloggen?returnUrl=${encodeURIComponent("/kroonpunten")}`,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it("without JavaScript (the server's HTML) points to Mijn Kroonloterij, where joining is a plain form", () => {
    const Stub = stubBlock();
    const html = renderToString(<Stub initialEntries={["/kroonpunten"]} />);
    const noscript = /<noscript>(.*?)<\/noscript>/s.exec(html)?.[1] ?? "";
    expect(noscript).toContain(text.noScript);
    expect(noscript).toContain('href="/mijn"');
    expect(call).not.toHaveBeenCalled();
  });
});
