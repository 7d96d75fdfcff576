// @vitest-environment node
// Rendered as the sender renders them, with react-email's Node build.
import { describe, expect, it } from "vitest";
import { renderEmail } from "../render.server";
import { EMAIL_SAMPLES } from "../samples";

const context = { shopUrl: "https://www.kroonloterij.test" };
const HOSTILE = '<img src=x onerror="alert(1)"><a href="https://evil.example">klik</a>';

describe("the e-mails of a question to customer service (issue 43 item 2)", () => {
  it("answers the sender when customer service replies (Reply-To), and the sender's own copy does not", async () => {
    const toService = await renderEmail(
      { kind: "contact-message", data: EMAIL_SAMPLES["contact-message"] },
      context,
    );
    expect(toService.replyTo).toBe("sanne@example.nl");
    expect(toService.subject).toBe("KS-100042: Mijn lot of prijs");
    const toSender = await renderEmail(
      { kind: "contact-confirmation", data: EMAIL_SAMPLES["contact-confirmation"] },
      context,
    );
    expect(toSender.replyTo).toBeUndefined();
    expect(toSender.subject).toBe("We hebben je vraag ontvangen (KS-100042)");
  });

  it("keeps the question's lines and shows every field typed as text, never as markup", async () => {
    for (const kind of ["contact-message", "contact-confirmation"] as const) {
      const data = {
        ...EMAIL_SAMPLES[kind],
        name: HOSTILE,
        ticketOrOrderNumber: "<b>KB1</b>",
        message: `Eerste regel\n${HOSTILE}\nDerde regel`,
      };
      const email = await renderEmail({ kind, data } as Parameters<typeof renderEmail>[0], context);
      expect(email.html).not.toMatch(/<img|<a href="https:\/\/evil|<b>KB1/i);
      expect(email.html).toContain("&lt;img src=x onerror=");
      expect(email.html).toContain("&lt;b&gt;KB1&lt;/b&gt;");
      expect(email.html).toMatch(/Eerste regel<br\/?>/);
      expect(email.text).toContain("Derde regel");
    }
  });

  it("tells customer service whether the sender was a logged-in player", async () => {
    const visitor = await renderEmail(
      { kind: "contact-message", data: { ...EMAIL_SAMPLES["contact-message"], customerNumber: null } },
      context,
    );
    expect(visitor.text).toContain("Niet ingelogd: het e-mailadres is niet gecontroleerd.");
    expect(visitor.text).not.toContain("klantnummer");
  });
});
