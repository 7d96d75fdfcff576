import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { changePassword, type Profile, requestEmailChange } from "@/src/contract/portal";
import { getPortalToken } from "@/src/contract/tokens";
import { PASSWORD_RULES } from "@/src/domain/portal/password-rules";
import { accountChangeMessages, accountChangePages as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountProfilePage, { action, loader } from "./account-profile";

const TOKEN = "token-van-deze-browser";
const PAGE = "http://shop.test/mijn/profiel";
const PLAYER = {
  customerNumber: "100000001",
  email: "speler@kroonloterij.example",
  fullName: "Sanne de Vries",
  dateOfBirth: "1985-06-01",
  formattedAddress: "Dorpsstraat 12, 1234 AB Kroondorp",
  iban: null,
} as Profile;
const CURRENT = "Huidig-wachtwoord-1";
const NEW = "Nieuw-wachtwoord-2";

const change = vi.fn();
const requestChange = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  change.mockReset().mockResolvedValue(undefined);
  requestChange
    .mockReset()
    .mockImplementation(async ({ body }) => ({ newEmail: body.newEmail.toLowerCase() }));
  clients = stubClients([
    [changePassword, (input) => change(input)],
    [requestEmailChange, (input) => requestChange(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

type Answer = { data: unknown; init?: ResponseInit };

function post(fields: Record<string, string>) {
  return action({
    request: formPost(PAGE, fields),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;
}

async function renderPage(actionData?: unknown) {
  const loaderData = await loader({
    request: new Request(PAGE),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const props = { loaderData, actionData } as unknown as Parameters<typeof AccountProfilePage>[0];
  const Stub = createRoutesStub([
    { path: "/mijn/profiel", Component: () => <AccountProfilePage {...props} /> },
  ]);
  const { container } = render(<Stub initialEntries={["/mijn/profiel"]} />);
  await screen.findByRole("form", { name: text.passwordTitle });
  return container;
}

const passwordForm = () => screen.getByRole("form", { name: text.passwordTitle }) as HTMLFormElement;
const emailForm = () => screen.getByRole("form", { name: text.emailTitle }) as HTMLFormElement;

describe("GET /mijn/profiel", () => {
  it("shows the details and two plain form posts, each carrying this browser's token and its intent", async () => {
    await renderPage();
    expect(screen.getByText("speler@kroonloterij.example")).toBeInTheDocument();
    for (const [form, intent] of [
      [passwordForm(), "password"],
      [emailForm(), "email"],
    ] as const) {
      expect(form.method).toBe("post");
      const fields = new FormData(form);
      expect(fields.get("RequestVerificationToken")).toBe(TOKEN);
      expect(fields.get("intent")).toBe(intent);
    }
    const current = within(passwordForm()).getByLabelText(text.currentPassword);
    expect(current).toHaveAttribute("autocomplete", "current-password");
    expect(within(passwordForm()).getByLabelText(text.newPassword)).toHaveAttribute(
      "autocomplete",
      "new-password",
    );
    for (const rule of PASSWORD_RULES)
      expect(within(passwordForm()).getByText(rule.label, { exact: false })).toBeInTheDocument();
    expect(within(emailForm()).getByLabelText(text.newEmail)).toHaveAttribute("type", "email");
    expect(within(emailForm()).getByLabelText(text.currentPassword)).toHaveAttribute(
      "name",
      "currentPassword",
    );
  });
});

describe("POST /mijn/profiel, the password form", () => {
  it("changes the password with the current one and says so", async () => {
    const answer = await post({
      RequestVerificationToken: TOKEN,
      intent: "password",
      currentPassword: CURRENT,
      newPassword: NEW,
    });

    expect(change).toHaveBeenCalledWith({ body: { currentPassword: CURRENT, newPassword: NEW } });
    expect(answer.init?.status).toBe(200);
    await renderPage(answer.data);
    expect(within(passwordForm()).getByRole("status")).toHaveTextContent(text.passwordChanged);
    expect(within(emailForm()).queryByRole("status")).toBeNull();
  });

  it("shows a wrong current password at its field, in Dutch, and never a password again", async () => {
    change.mockRejectedValue(
      new ApiError({
        status: 400,
        code: "PasswordInvalidError",
        message: "Het wachtwoord is niet juist.",
        fieldErrors: { currentPassword: [accountChangeMessages.currentPasswordWrong] },
      }),
    );
    const answer = await post({
      RequestVerificationToken: TOKEN,
      intent: "password",
      currentPassword: "Fout-1",
      newPassword: NEW,
    });

    expect(answer.init?.status).toBe(400);
    const container = await renderPage(answer.data);
    expect(within(passwordForm()).getByRole("alert")).toHaveTextContent(
      accountChangeMessages.currentPasswordWrong,
    );
    expect(within(passwordForm()).getByLabelText(text.currentPassword)).toHaveAccessibleDescription(
      accountChangeMessages.currentPasswordWrong,
    );
    expect(container.innerHTML).not.toContain("Fout-1");
    expect(container.innerHTML).not.toContain(NEW);
  });

  it("changes nothing for a form without this browser's token", async () => {
    const answer = await post({ intent: "password", currentPassword: CURRENT, newPassword: NEW });
    expect(answer.init?.status).toBe(403);
    expect(answer.data).toMatchObject({
      form: "password",
      message: "Dit formulier is verlopen. Probeer het opnieuw.",
    });
    expect(change).not.toHaveBeenCalled();
  });
});

describe("POST /mijn/profiel, the e-mail form", () => {
  it("asks for the link to the new address and says where it went", async () => {
    const answer = await post({
      RequestVerificationToken: TOKEN,
      intent: "email",
      newEmail: "Nieuw@Example.nl",
      currentPassword: CURRENT,
    });

    expect(requestChange).toHaveBeenCalledWith({
      body: { newEmail: "Nieuw@Example.nl", currentPassword: CURRENT },
    });
    await renderPage(answer.data);
    expect(within(emailForm()).getByRole("status")).toHaveTextContent(text.emailSent("nieuw@example.nl"));
    expect(within(emailForm()).getByLabelText(text.newEmail)).toHaveValue("");
  });

  it("keeps the address typed when it is refused, shown at its field, without the password", async () => {
    requestChange.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "AccountNameAlreadyTakenError",
        message: "Er bestaat al een account met dit e-mailadres.",
        fieldErrors: { newEmail: [accountChangeMessages.emailTaken] },
      }),
    );
    const answer = await post({
      RequestVerificationToken: TOKEN,
      intent: "email",
      newEmail: "bezet@example.nl",
      currentPassword: CURRENT,
    });

    expect(answer.init?.status).toBe(409);
    const container = await renderPage(answer.data);
    const field = within(emailForm()).getByLabelText(text.newEmail);
    expect(field).toHaveValue("bezet@example.nl");
    expect(field).toHaveAccessibleDescription(accountChangeMessages.emailTaken);
    expect(within(emailForm()).getByLabelText(text.currentPassword)).toHaveValue("");
    expect(container.innerHTML).not.toContain(CURRENT);
    expect(within(passwordForm()).queryByRole("alert")).toBeNull();
  });

  it("refuses a post that names no form of the page", async () => {
    await expect(post({ RequestVerificationToken: TOKEN, intent: "iets" })).rejects.toMatchObject({
      init: { status: 400 },
    });
    expect(change).not.toHaveBeenCalled();
    expect(requestChange).not.toHaveBeenCalled();
  });
});
