import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readUnsubscribeLink, unsubscribeByLink } from "@/src/contract/communication-preferences";
import { unsubscribePage as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import UnsubscribePage, { action, loader } from "./unsubscribe";

const TOKEN = "eyJwbGF5ZXJJZCI6ImEifQ.c2lnbmF0dXJl";
const URL_WITH_TOKEN = `http://shop.test/afmelden?token=${TOKEN}`;
const unsubscribe = vi.fn();
const read = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  read.mockReset().mockResolvedValue({ vertical: "kroonloterij" });
  unsubscribe.mockReset().mockResolvedValue({ vertical: "kroonloterij", changed: true });
  clients = stubClients([
    [readUnsubscribeLink, (input) => read(input)],
    [unsubscribeByLink, (input) => unsubscribe(input)],
  ]);
});

type Answer = { data: unknown; init?: ResponseInit };

function get(url: string) {
  return loader({
    request: new Request(url),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]) as unknown as Promise<Answer>;
}

function post(request: Request) {
  return action({
    request,
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;
}

function renderPage(loaderData: unknown, actionData?: unknown) {
  const props = { loaderData, actionData } as unknown as Parameters<typeof UnsubscribePage>[0];
  const Stub = createRoutesStub([{ path: "/afmelden", Component: () => <UnsubscribePage {...props} /> }]);
  render(<Stub initialEntries={["/afmelden"]} />);
}

const invalidLink = new ApiError({
  status: 404,
  message: text.invalidLink,
  fieldErrors: { token: [text.invalidLink] },
});

describe("/afmelden, opened from the e-mail (GET)", () => {
  it("shows what the button turns off and changes nothing", async () => {
    const answer = await get(URL_WITH_TOKEN);
    expect(read).toHaveBeenCalledWith({ query: { token: TOKEN } });
    expect(unsubscribe).not.toHaveBeenCalled();
    renderPage(answer.data);
    expect(screen.getByRole("heading", { name: text.title })).toBeInTheDocument();
    expect(screen.getByText(text.intro("Kroonloterij"))).toBeInTheDocument();
    expect(screen.getAllByRole("button")).toHaveLength(1);
    expect(screen.getByRole("button", { name: text.button })).toHaveAttribute("name", "List-Unsubscribe");
  });

  it("says a link without a token or with one the API refuses does not work", async () => {
    const missing = await get("http://shop.test/afmelden");
    expect(missing.init?.status).toBe(400);
    expect(read).not.toHaveBeenCalled();

    read.mockRejectedValue(invalidLink);
    const refused = await get(URL_WITH_TOKEN);
    expect(refused.init?.status).toBe(404);
    renderPage(refused.data);
    expect(screen.getByRole("alert")).toHaveTextContent(text.invalidLink);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: text.preferencesLink })).toHaveAttribute(
      "href",
      "/mijn/voorkeuren",
    );
  });
});

describe("/afmelden, unsubscribing (POST)", () => {
  it("unsubscribes on the page's button and says so, with the way to the preferences", async () => {
    const answer = await post(formPost(URL_WITH_TOKEN, { "List-Unsubscribe": "One-Click" }));
    expect(answer.init?.status ?? 200).toBe(200);
    expect(unsubscribe).toHaveBeenCalledWith({ body: { token: TOKEN } });
    renderPage({ vertical: "kroonloterij" }, answer.data);
    expect(screen.getByRole("status")).toHaveTextContent(text.done("Kroonloterij"));
    expect(screen.getByRole("link", { name: text.preferencesLink })).toHaveAttribute(
      "href",
      "/mijn/voorkeuren",
    );
  });

  it("takes the mail provider's one-click POST (RFC 8058): no cookies, no form token, urlencoded or multipart", async () => {
    const urlencoded = new Request(URL_WITH_TOKEN, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect((await post(urlencoded)).init?.status ?? 200).toBe(200);

    const multipart = new FormData();
    multipart.set("List-Unsubscribe", "One-Click");
    expect(
      (await post(new Request(URL_WITH_TOKEN, { method: "POST", body: multipart }))).init?.status ?? 200,
    ).toBe(200);
    expect(unsubscribe).toHaveBeenCalledTimes(2);
    expect(unsubscribe).toHaveBeenLastCalledWith({ body: { token: TOKEN } });
  });

  it("says so when the player had unsubscribed already", async () => {
    unsubscribe.mockResolvedValue({ vertical: "miljoenenspel", changed: false });
    const answer = await post(formPost(URL_WITH_TOKEN, { "List-Unsubscribe": "One-Click" }));
    renderPage({ vertical: "miljoenenspel" }, answer.data);
    expect(screen.getByRole("status")).toHaveTextContent(text.alreadyOff("Miljoenenspel"));
  });

  it("changes nothing for a post without the one-click body or without a token", async () => {
    const other = await post(formPost(URL_WITH_TOKEN, { afmelden: "ja" }));
    expect(other.init?.status).toBe(400);
    expect(other.data).toEqual({ error: text.notOneClick });
    const noToken = await post(formPost("http://shop.test/afmelden", { "List-Unsubscribe": "One-Click" }));
    expect(noToken.init?.status).toBe(400);
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it("shows the Dutch reason for a token the API refuses", async () => {
    unsubscribe.mockRejectedValue(invalidLink);
    const answer = await post(formPost(URL_WITH_TOKEN, { "List-Unsubscribe": "One-Click" }));
    expect(answer.init?.status).toBe(404);
    renderPage({ vertical: "kroonloterij" }, answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(text.invalidLink);
  });
});
