import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { requestPasswordReset } from "@/src/contract/authentication";
import { getPortalToken } from "@/src/contract/tokens";
import { passwordResetMessages, passwordResetPages as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import ForgotPasswordPage, { action, headers, loader, meta } from "./forgot-password";

// The form loads with the API provider its reCAPTCHA widget needs; these tests never ask for the widget.
vi.mock("@/src/shop/components/api-context", () => ({
  ApiProvider: ({ children }: { children: React.ReactNode }) => children,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));

const TOKEN = "token-van-deze-browser";
const PAGE = "http://shop.test/wachtwoord-vergeten?returnUrl=%2Fmijn";
const ask = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  ask.mockReset().mockResolvedValue(undefined);
  clients = stubClients([
    [requestPasswordReset, (input) => ask(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

type Answer = { data: { message: string; values: Record<string, string> }; init?: ResponseInit };

const open = (url: string) =>
  loader({
    request: new Request(url),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);

function post(fields: Record<string, string>) {
  return action({
    request: formPost(PAGE, fields),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Response | Answer>;
}

async function renderPage(url: string, actionData?: unknown) {
  const loaderData = await open(url);
  const props = { loaderData, actionData } as unknown as Parameters<typeof ForgotPasswordPage>[0];
  const Stub = createRoutesStub([
    { path: "/wachtwoord-vergeten", Component: () => <ForgotPasswordPage {...props} /> },
  ]);
  const { container } = render(<Stub initialEntries={[new URL(url).pathname + new URL(url).search]} />);
  return container;
}

describe("/wachtwoord-vergeten", () => {
  it("asks for the e-mail address in a POST form to its own address, carrying this browser's token", async () => {
    const container = await renderPage(PAGE);
    expect(screen.getByRole("heading", { level: 1, name: text.forgotTitle })).toBeInTheDocument();
    const form = container.querySelector("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/wachtwoord-vergeten?returnUrl=%2Fmijn");
    expect(form.elements.namedItem("RequestVerificationToken")).toHaveValue(TOKEN);
    expect(screen.getByLabelText("E-mailadres")).toHaveAttribute("type", "email");
    expect(screen.getByRole("button", { name: text.send })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: text.backToLogin })).toHaveAttribute(
      "href",
      "/inloggen?returnUrl=%2Fmijn",
    );
  });

  it("is never indexed nor kept by a cache", () => {
    expect(meta({} as Parameters<typeof meta>[0])).toContainEqual({ name: "robots", content: "noindex" });
    expect(headers({} as Parameters<typeof headers>[0])).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("asks for the link and answers every address the same, on a page of its own", async () => {
    const answer = await post({ email: "noor@example.nl", RequestVerificationToken: TOKEN });

    expect(ask).toHaveBeenCalledWith({ body: { email: "noor@example.nl", gRecaptchaResponse: undefined } });
    expect(answer).toBeInstanceOf(Response);
    const redirect = answer as Response;
    expect(redirect.status).toBe(303);
    const sent = `http://shop.test${redirect.headers.get("location")}`;
    expect(sent).toBe("http://shop.test/wachtwoord-vergeten?returnUrl=%2Fmijn&verstuurd=1");

    const container = await renderPage(sent);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Als er een account met dit e-mailadres is, hebben we een e-mail gestuurd met een link om een nieuw wachtwoord te kiezen. De link is een uur geldig.",
    );
    expect(container.querySelector("form")).toBeNull();
    expect(screen.getByRole("link", { name: text.backToLogin })).toHaveAttribute(
      "href",
      "/inloggen?returnUrl=%2Fmijn",
    );
  });

  it("shows a refused address at its field, filled in again", async () => {
    ask.mockRejectedValue(
      new ApiError({
        status: 400,
        message: "Bad request",
        fieldErrors: { email: [passwordResetMessages.email] },
      }),
    );
    const answer = (await post({ email: "geen-adres", RequestVerificationToken: TOKEN })) as Answer;
    expect(answer.init?.status).toBe(400);

    await renderPage(PAGE, answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(passwordResetMessages.email);
    const field = screen.getByLabelText("E-mailadres");
    expect(field).toHaveValue("geen-adres");
    expect(field).toHaveAccessibleDescription(passwordResetMessages.email);
  });

  it("refuses a post without this browser's token, asking nothing of the API", async () => {
    const answer = (await post({ email: "noor@example.nl", RequestVerificationToken: "oud" })) as Answer;
    expect(answer.init?.status).toBe(403);
    expect(answer.data.values).toEqual({ email: "noor@example.nl" });
    expect(ask).not.toHaveBeenCalled();
  });
});
