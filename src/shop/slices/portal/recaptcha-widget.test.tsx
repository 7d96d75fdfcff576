import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RecaptchaField, useRecaptcha } from "./recaptcha-field";

const call = vi.fn();
vi.mock("@/src/shop/components/api-context", () => ({
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call } }),
}));

const asked = { recaptchaRequired: true };

/** A form with the widget, recording what each submission would post and with which button. */
function renderForm() {
  const sent: { token: FormDataEntryValue | null; intent: string | undefined }[] = [];
  function Form() {
    const recaptcha = useRecaptcha(asked);
    return (
      <form
        aria-label="Meedoen"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          sent.push({ token: data.get("gRecaptchaResponse"), intent: button?.value });
        }}
      >
        <RecaptchaField recaptcha={recaptcha} />
        <button type="submit" name="intent" value="retail">
          Doe mee met dit winkellot
        </button>
      </form>
    );
  }
  render(<Form />);
  return { sent, user: userEvent.setup() };
}

/** A token answer the test lets arrive when it wants. */
function tokenLater() {
  let arrive!: (token: string) => void;
  let fail!: () => void;
  call.mockReturnValueOnce(
    new Promise((resolve, reject) => {
      arrive = (token) => resolve({ token });
      fail = () => reject(new Error("netwerk"));
    }),
  );
  return { arrive, fail };
}

beforeEach(() => {
  call.mockReset();
});

describe("RecaptchaWidget", () => {
  it("holds a submission made while the token is on its way, and sends it with the token and its button", async () => {
    const token = tokenLater();
    const { sent, user } = renderForm();
    await user.click(screen.getByLabelText("Ik ben geen robot"));
    await user.click(screen.getByRole("button", { name: "Doe mee met dit winkellot" }));
    expect(sent).toEqual([]);

    await act(async () => token.arrive("getekend-token"));
    expect(sent).toEqual([{ token: "getekend-token", intent: "retail" }]);
    expect(screen.getByLabelText("Ik ben geen robot")).toBeChecked();
  });

  it("drops the held submission when the token cannot be fetched, and unticks the box", async () => {
    const token = tokenLater();
    const { sent, user } = renderForm();
    await user.click(screen.getByLabelText("Ik ben geen robot"));
    await user.click(screen.getByRole("button", { name: "Doe mee met dit winkellot" }));

    await act(async () => token.fail());
    expect(sent).toEqual([]);
    expect(screen.getByLabelText("Ik ben geen robot")).not.toBeChecked();
  });

  it("lets a submission through at once when the token is already there", async () => {
    call.mockResolvedValueOnce({ token: "al-binnen" });
    const { sent, user } = renderForm();
    await user.click(screen.getByLabelText("Ik ben geen robot"));
    await user.click(screen.getByRole("button", { name: "Doe mee met dit winkellot" }));
    expect(sent).toEqual([{ token: "al-binnen", intent: "retail" }]);
  });
});
