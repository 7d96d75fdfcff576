import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Draw } from "@/src/contract/draws";
import { createQueryClient } from "@/src/shop/client/query-client";
import { PublishedDrawsList } from "./published-draws-list";

const call = vi.fn();
vi.mock("@/src/shop/components/api-context", () => ({
  useApiClients: () => ({ shop: { call }, portal: { call: vi.fn() } }),
}));

const november: Draw = {
  drawId: 1249,
  gameType: "KROON",
  kind: "regular",
  runningNumber: 1249,
  name: "Maandtrekking november 2030",
  drawDate: "2030-11-10T19:00:00.000Z",
  salesCloseDateTime: "2030-11-10T17:00:00.000Z",
  status: "published",
  jackpotInCents: 3_000_000_000,
};

describe("recent published draws", () => {
  it("links each draw to its own result page", async () => {
    call.mockResolvedValue({
      draws: [november, { ...november, drawId: 1240, name: "Oudejaarstrekking 2029" }],
    });
    const Stub = createRoutesStub([{ path: "/trekkingsuitslag", Component: PublishedDrawsList }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Stub initialEntries={["/trekkingsuitslag"]} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole("table", { name: "Recente trekkingen" });
    expect(within(table).getByRole("link", { name: "Maandtrekking november 2030" })).toHaveAttribute(
      "href",
      "/trekkingsuitslag/maandtrekking-november-2030",
    );
    expect(within(table).getByRole("link", { name: "Oudejaarstrekking 2029" })).toHaveAttribute(
      "href",
      "/trekkingsuitslag/oudejaarstrekking-2029",
    );
  });
});
