import { describe, expect, it } from "vitest";
import { contactMessages as text } from "@/src/lib/messages";
import { ContactMessageSchema } from "./customer-service";
import { buildOpenApiDocument } from "./openapi";
import { contract } from "./registry";

const VALID = {
  name: "Noor Jansen",
  email: "noor@example.nl",
  subject: "abonnement",
  message: "Hoe zeg ik mijn abonnement op?",
};

const errorsOf = (input: unknown) =>
  Object.fromEntries(
    (ContactMessageSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join("."),
      issue.message,
    ]),
  );

describe("a question to customer service (the contract's rules)", () => {
  it("takes a name, an address, a subject from the list, an optional number and 10 to 2000 characters", () => {
    expect(ContactMessageSchema.parse({ ...VALID, name: "  Noor  " }).name).toBe("Noor");
    expect(ContactMessageSchema.safeParse({ ...VALID, ticketOrOrderNumber: "KB12345" }).success).toBe(true);
    expect(ContactMessageSchema.safeParse({ ...VALID, message: "x".repeat(2000) }).success).toBe(true);
  });

  it("says in Dutch what is wrong at each field", () => {
    expect(errorsOf({})).toEqual({
      name: text.name,
      email: text.email,
      subject: text.subject,
      message: text.message,
    });
    expect(
      errorsOf({
        name: "n".repeat(81),
        email: " ",
        subject: "Mijn abonnement",
        ticketOrOrderNumber: "1".repeat(41),
        message: "  kort     ",
      }),
    ).toEqual({
      name: text.nameTooLong,
      email: text.email,
      subject: text.subject,
      ticketOrOrderNumber: text.ticketOrOrderNumber,
      message: text.messageTooShort,
    });
    expect(errorsOf({ ...VALID, message: "x".repeat(2001) })).toEqual({ message: text.messageTooLong });
    for (const email of ["noor@", "<b>x</b>@gmail.com", "noor@ziggo", "noor ziggo.nl"]) {
      expect(errorsOf({ ...VALID, email })).toEqual({ email: text.emailInvalid });
    }
  });
});

describe("the OpenAPI document", () => {
  it("documents the question's 201 with its reference, and its refusals", () => {
    const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });
    const responses = document.paths?.["/api/customer-service/messages"]?.post?.responses ?? {};
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["201", "400", "422", "429"]));
    expect(responses).not.toHaveProperty("200");
  });
});
