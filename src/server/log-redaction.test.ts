import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { withoutQuotedValues } from "@/src/backend/db/database-errors";
import { isPlainLine, redactLogLine } from "./log-redaction";
import { createLogger } from "./logger";

const EMAIL = "lieke.verhoeven@example.nl";
const HASH = "scrypt$16384$8$1$F_3dwZzOcosdmzxsHhHwHA$rIFtcTNnmbWUlHqRScinqnHLILy9LAvGCAbgmLBnaGk";
const IBAN = "NL91ABNA0417164300";
const BIRTH = "1984-07-29";
const PASSWORD = "Vuurtoren-Zout-1984!";
const SECRETS = [EMAIL, HASH, "rIFtcTNnmbWUlHqRScinqnHLILy9LAvGCAbgmLBnaGk", IBAN, BIRTH, PASSWORD];

function capture() {
  const lines: string[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        callback();
      },
    }),
  );
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line)) };
}

function expectNoSecrets(lines: string[]) {
  const leaked = SECRETS.filter((secret) =>
    [secret, encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2)].some(
      (form) => lines.some((line) => line.includes(form)),
    ),
  );
  expect(leaked).toEqual([]);
}

/** What node-postgres throws for a refused row: the row's values in `detail`. */
function postgresError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 100, "error"), { severity: "ERROR" }, fields);
}

function failedInsert(cause: Error) {
  const params = ["100000003", EMAIL, HASH, "Lieke", null, "Verhoeven", BIRTH, IBAN];
  return new DrizzleQueryError(
    'insert into "players" ("customer_number", "email", "password_hash", "first_name", "middle_name", "last_name", "birth_date", "iban") values ($1, $2, $3, $4, $5, $6, $7, $8)',
    params,
    cause,
  );
}

describe("errors of a failed query in the log", () => {
  it("keep the SQL text, the SQLSTATE and the constraint, not the parameters or the refused row", () => {
    const { logger, lines, entries } = capture();
    const cause = postgresError('duplicate key value violates unique constraint "players_email_unique"', {
      code: "23505",
      constraint: "players_email_unique",
      table: "players",
      detail: `Key (email)=(${EMAIL}) already exists.`,
    });
    logger.error({ err: failedInsert(cause) }, "API handler failed");
    const check = postgresError('new row for relation "players" violates check constraint "adult"', {
      code: "23514",
      constraint: "adult",
      detail: `Failing row contains (100000003, ${EMAIL}, ${HASH}, Lieke, null, Verhoeven, ${BIRTH}, ${IBAN}).`,
      where: `PL/pgSQL function check_player() line 3 at RAISE: ${EMAIL}`,
      internalQuery: `select '${EMAIL}'`,
    });
    logger.error({ err: check }, "readiness check failed");
    logger.error(failedInsert(check));

    expectNoSecrets(lines);
    const [first, second, third] = entries();
    expect(first.msg).toBe("API handler failed");
    expect(first.err).toMatchObject({
      type: "DrizzleQueryError",
      query: expect.stringContaining('insert into "players"'),
      cause: { type: "DatabaseError", code: "23505", constraint: "players_email_unique", table: "players" },
    });
    expect(first.err.message).toContain('violates unique constraint "players_email_unique"');
    expect(first.err.stack).toMatch(/^DrizzleQueryError: Failed query: insert into/);
    expect(first.err.stack).toContain("caused by: DatabaseError: duplicate key value");
    expect(first.err.stack).toMatch(/\n\s+at /);
    expect(second.err).toMatchObject({ code: "23514", constraint: "adult" });
    expect(second.err).not.toHaveProperty("detail");
    expect(second.err).not.toHaveProperty("where");
    // `logger.error(error)` makes the error's own message the line's message.
    expect(third.msg).toContain("Failed query: insert into");
  });

  it("keep the names PostgreSQL quotes and drop the values it quotes", () => {
    expect(withoutQuotedValues(`invalid input syntax for type uuid: "${EMAIL}"`)).toBe(
      'invalid input syntax for type uuid: "[Redacted]"',
    );
    expect(withoutQuotedValues(`value "${BIRTH}" is out of range for type integer`)).toBe(
      'value "[Redacted]" is out of range for type integer',
    );
    expect(
      withoutQuotedValues('null value in column "email" of relation "players" violates not-null constraint'),
    ).toBe('null value in column "email" of relation "players" violates not-null constraint');
    expect(withoutQuotedValues('invalid byte sequence for encoding "UTF8": 0x00')).toBe(
      'invalid byte sequence for encoding "UTF8": 0x00',
    );
  });

  it("leave other errors as pino serializes them", () => {
    const { logger, entries } = capture();
    logger.error({ err: new RangeError("No free ticket numbers in draw 12") }, "order failed");
    expect(entries()[0].err).toMatchObject({
      type: "RangeError",
      message: "No free ticket numbers in draw 12",
      stack: expect.stringContaining("RangeError: No free ticket numbers"),
    });
  });
});

describe("private data anywhere in a line", () => {
  it("is replaced under private keys at any depth, and by its look in any string", () => {
    const { logger, lines, entries } = capture();
    const child = logger.child({ requestId: "5f0c2a1e-1111-4222-8333-944445555666" });
    child.info(
      {
        player: { email: EMAIL, dateOfBirth: BIRTH, profile: { birth_date: BIRTH, IBAN } },
        body: { password: PASSWORD, passwordHash: HASH, gRecaptchaResponse: "x".repeat(30) },
        headers: { cookie: "kl_sid=abcdefghijklmnopqrstuvwxyz", RequestVerificationToken: "t0k3n-t0k3n" },
        params: [EMAIL, HASH],
        paymentId: "tr_de12abcdef0123456789abcdef012345",
        customerNumber: "100000003",
        emailSent: true,
      },
      `mail to ${EMAIL} for iban ${IBAN} (NL91 ABNA 0417 1643 00) with ${HASH}`,
    );
    child.info(
      {
        url: `/inloggen?email=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}&returnUrl=%2Fmijn`,
      },
      "request",
    );
    child.info({ url: `/aanmelden?geboortedatum=${BIRTH}&wachtwoord=geheim123&iban=nl91abna0417164300` });
    child.warn(`Failed query: select 1\nparams: ${PASSWORD},${BIRTH}`);

    expectNoSecrets(lines);
    expect(lines.join("\n")).not.toContain("nl91abna");
    expect(lines.join("\n")).not.toContain("geheim123");
    expect(lines.join("\n")).not.toContain("t0k3n");
    expect(lines.join("\n")).not.toContain("abcdefghijklmnop");
    const [first, second, third, fourth] = entries();
    expect(first).toMatchObject({
      requestId: "5f0c2a1e-1111-4222-8333-944445555666",
      paymentId: "tr_de12abcdef0123456789abcdef012345",
      customerNumber: "100000003",
      emailSent: true,
      player: { email: "[Redacted]", dateOfBirth: "[Redacted]" },
      msg: "mail to [Redacted] for iban [Redacted] ([Redacted]) with [Redacted]",
    });
    expect(second.url).toBe("/inloggen?email=[Redacted]&password=[Redacted]&returnUrl=%2Fmijn");
    expect(third.url).toBe("/aanmelden?geboortedatum=[Redacted]&wachtwoord=[Redacted]&iban=[Redacted]");
    expect(fourth.msg).toBe("Failed query: select 1\nparams: [Redacted]");
  });

  it("leaves a line without private data as it was written", () => {
    const { logger, lines } = capture();
    logger.info(
      { method: "GET", url: "/loten?page=2", status: 200, ms: 1.5, orderId: "0b0c", totalCents: 1750 },
      "request",
    );
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      url: "/loten?page=2",
      orderId: "0b0c",
      msg: "request",
    });
  });

  it("is looked for in full only when a line might hold it (a plain access line is passed on as it is)", () => {
    const line = (fields: string) =>
      `{"level":30,"time":1764291600000,"service":"kroonloterij-webshop","pid":7,"requestId":"5f0c2a1e-1111",${fields},"msg":"request"}\n`;
    const plain = line(`"method":"GET","url":"/trekkingsuitslag","status":200,"ms":0.2`);
    expect(isPlainLine(plain)).toBe(true);
    expect(redactLogLine(plain)).toBe(plain);
    const doubtful = [
      line(`"url":"/a/lieke@example.nl"`),
      line(`"url":"/a/lieke%40example.nl"`),
      line(`"url":"/rekening/NL91ABNA0417164300"`),
      line(`"url":"/a?b=1"`),
      line(`"hash":"scrypt$1"`),
      line(`"msg2":"line\\nparams: x"`),
      line(`"pass_word":"x"`),
      line(`"nested":{"Date-Of-Birth":"x"}`),
    ];
    for (const text of doubtful) expect(isPlainLine(text), text).toBe(false);
    expect(redactLogLine(doubtful[0] ?? "")).toContain('"url":"/a/[Redacted]"');
    expect(redactLogLine(doubtful[6] ?? "")).toContain('"pass_word":"[Redacted]"');
  });
});
