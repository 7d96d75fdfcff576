import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetPassword } from "@/src/contract/authentication";
import { getPortalToken } from "@/src/contract/tokens";
import { PASSWORD_RULES } from "@/src/domain/portal/password-rules";
import { passwordResetMessages, passwordResetPages as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import ResetPasswordPage, { action, headers, loader, meta } from "./reset-password";

const TOKEN = "token-van-deze-browser";
const RESET_TOKEN = "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c";
const LINK = `http://shop.test/wachtwoord-herstellen?token=${RESET_TOKEN}`;
const PASSWORD = "Nieuw-wachtwoord-2";
const reset = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  reset.mockReset().mockResolvedValue(undefined);
  clients = stubClients([
    [resetPassword, (input) => reset(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

type Answer = { data: unknown; init?: ResponseInit };

const open = (url: string) =>
  loader({
    request: new Request(url),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]) as unknown as Promise<Answer>;

function post(fields: Record<string, string>, url = LINK) {
  return action({
    request: formPost(url, { RequestVerificationToken: TOKEN, ...fields }),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Response | Answer>;
}

async function renderPage(url: string, actionData?: unknown) {
  const loaded = await open(url);
  const props = { loaderData: loaded.data, actionData } as unknown as Parameters<typeof ResetPasswordPage>[0];
  const Stub = createRoutesStub([
    { path: "/wachtwoord-herstellen", Component: () => <ResetPasswordPage {...props} /> },
  ]);
  const { container } = render(<Stub initialEntries={[new URL(url).pathname + new URL(url).search]} />);
  return { container, status: loaded.init?.status };
}

describe("/wachtwoord-herstellen, opened from the e-mail", () => {
  it("asks for the new password twice with the registration's rules, posting to the link's address", async () => {
    const { container } = await renderPage(LINK);
    expect(screen.getByRole("heading", { level: 1, name: text.resetTitle })).toBeInTheDocument();
    const form = container.querySelector("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", `/wachtwoord-herstellen?token=${RESET_TOKEN}`);
    expect(form.elements.namedItem("RequestVerificationToken")).toHaveValue(TOKEN);
    const password = screen.getByLabelText(text.newPassword);
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByLabelText(text.repeatPassword)).toHaveAttribute("type", "password");
    for (const rule of PASSWORD_RULES) {
      expect(screen.getByText(rule.label, { exact: false })).toBeInTheDocument();
    }
    expect(reset).not.toHaveBeenCalled();
  });

  it("says a link without a token does not work, with the way to a new one", async () => {
    const { container, status } = await renderPage("http://shop.test/wachtwoord-herstellen");
    expect(status).toBe(400);
    expect(screen.getByRole("alert")).toHaveTextContent(passwordResetMessages.tokenUnknown);
    expect(screen.getByRole("link", { name: text.requestNew })).toHaveAttribute(
      "href",
      "/wachtwoord-vergeten",
    );
    expect(container.querySelector("form")).toBeNull();
  });

  it("is never indexed nor kept by a cache", () => {
    expect(meta({} as Parameters<typeof meta>[0])).toContainEqual({ name: "robots", content: "noindex" });
    expect(headers({} as Parameters<typeof headers>[0])).toEqual({ "Cache-Control": "private, no-store" });
  });
});

describe("/wachtwoord-herstellen, the form's post", () => {
  it("sets the password with the link's token, then confirms it with the way to log in", async () => {
    const answer = await post({ password: PASSWORD, passwordRepeat: PASSWORD });

    expect(reset).toHaveBeenCalledWith({ body: { token: RESET_TOKEN, password: PASSWORD } });
    const redirect = answer as Response;
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toBe("/wachtwoord-herstellen?gewijzigd=1");

    const { container } = await renderPage(`http://shop.test${redirect.headers.get("location")}`);
    expect(screen.getByRole("heading", { level: 1, name: text.changedTitle })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(text.changed);
    expect(screen.getByRole("link", { name: text.toLogin })).toHaveAttribute("href", "/inloggen");
    expect(container.querySelector("form")).toBeNull();
  });

  it("refuses two different passwords at the second field, without asking the API or showing them", async () => {
    const answer = (await post({ password: PASSWORD, passwordRepeat: "Iets-anders-3" })) as Answer;

    expect(reset).not.toHaveBeenCalled();
    expect(answer.init?.status).toBe(400);
    const { container } = await renderPage(LINK, answer.data);
    expect(screen.getByLabelText(text.repeatPassword)).toHaveAccessibleDescription(
      passwordResetMessages.passwordsDiffer,
    );
    expect(screen.getByLabelText(text.newPassword)).toHaveValue("");
    expect(screen.getByLabelText(text.repeatPassword)).toHaveValue("");
    expect(container.innerHTML).not.toContain(PASSWORD);
    expect(container.innerHTML).not.toContain("Iets-anders-3");
  });

  it("shows the API's refusal of a weak password at its field, never the password", async () => {
    const message = "Je wachtwoord moet nog bevatten: een cijfer.";
    reset.mockRejectedValue(
      new ApiError({ status: 400, message: "Bad request", fieldErrors: { password: [message] } }),
    );
    const answer = (await post({ password: "Zwak-wachtwoord", passwordRepeat: "Zwak-wachtwoord" })) as Answer;

    expect(answer.init?.status).toBe(400);
    const { container } = await renderPage(LINK, answer.data);
    expect(screen.getByLabelText(text.newPassword)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(container.innerHTML).not.toContain("Zwak-wachtwoord");
  });

  it("says why a used link no longer works, with the way to a new one instead of the form", async () => {
    reset.mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Unprocessable Content",
        fieldErrors: { token: [passwordResetMessages.tokenUsed] },
      }),
    );
    const answer = (await post({ password: PASSWORD, passwordRepeat: PASSWORD })) as Answer;

    expect(answer.init?.status).toBe(422);
    const { container } = await renderPage(LINK, answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(passwordResetMessages.tokenUsed);
    expect(screen.getByRole("link", { name: text.requestNew })).toBeInTheDocument();
    expect(container.querySelector("form")).toBeNull();
  });
});
