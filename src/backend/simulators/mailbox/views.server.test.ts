import { describe, expect, it } from "vitest";
import { listPage } from "./views.server";

describe("the mailbox's list", () => {
  it("heads each recipient's e-mails with an address that wraps only after its @ and before its dots", () => {
    const page = listPage(
      "/postbus",
      [{ id: 7, recipient: "eva.17544124@example.nl", subject: "Je bestelling", receivedAt: new Date() }],
      "",
    );
    expect(page.body.value).toContain("<h2>eva<wbr>.17544124@<wbr>example<wbr>.nl (1 e-mail)</h2>");
    expect(page.body.value).toContain('aria-label="eva.17544124@example.nl"');
  });
});
