import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { confirmEmailChange } from "@/src/contract/portal";
import { accountChangeMessages, accountChangePages as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import EmailChangeConfirmPage, { action, loader } from "./email-change-confirm";

const TOKEN = "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c";
const LINK = `http://shop.test/e-mailadres-bevestigen?token=${TOKEN}`;
const confirm = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  confirm.mockReset().mockResolvedValue({ email: "nieuw@example.nl" });
  clients = stubClients([[confirmEmailChange, (input) => confirm(input)]]);
});

type Answer = { data: unknown; init?: ResponseInit };

const open = (url: string) =>
  loader({
    request: new Request(url),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]) as unknown as Answer;

const post = (url: string) =>
  action({
    request: formPost(url, {}),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;

function renderPage(url: string, actionData?: unknown) {
  const props = { loaderData: open(url).data, actionData } as unknown as Parameters<
    typeof EmailChangeConfirmPage
  >[0];
  const Stub = createRoutesStub([
    { path: "/e-mailadres-bevestigen", Component: () => <EmailChangeConfirmPage {...props} /> },
  ]);
  return render(<Stub initialEntries={[new URL(url).pathname + new URL(url).search]} />).container;
}

describe("/e-mailadres-bevestigen, opened from the e-mail", () => {
  it("changes nothing on opening: one button that posts to the link's own address", () => {
    const container = renderPage(LINK);
    const form = screen.getByRole("form", { name: text.confirmTitle }) as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).not.toHaveAttribute("action");
    expect(screen.getByRole("button", { name: text.confirmButton })).toBeInTheDocument();
    expect(container.textContent).toContain(text.confirmIntro);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("says a link without a token does not work", () => {
    expect(open("http://shop.test/e-mailadres-bevestigen").init?.status).toBe(400);
    renderPage("http://shop.test/e-mailadres-bevestigen");
    expect(screen.getByRole("alert")).toHaveTextContent(accountChangeMessages.tokenUnknown);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("/e-mailadres-bevestigen, the button's press", () => {
  it("confirms with the link's token and names the new address", async () => {
    const answer = await post(LINK);
    expect(confirm).toHaveBeenCalledWith({ body: { token: TOKEN } });
    renderPage(LINK, answer.data);
    expect(screen.getByRole("status")).toHaveTextContent(text.confirmed("nieuw@example.nl"));
    expect(screen.getByRole("link", { name: text.toProfile })).toHaveAttribute("href", "/mijn/profiel");
  });

  it("says why a used or expired link no longer works", async () => {
    confirm.mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Unprocessable Content",
        fieldErrors: { token: [accountChangeMessages.tokenExpired] },
      }),
    );
    const answer = await post(LINK);
    expect(answer.init?.status).toBe(422);
    renderPage(LINK, answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(accountChangeMessages.tokenExpired);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
