import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players } from "@/src/backend/db/schema";
import { DEMO_PLAYER } from "@/src/backend/db/seed";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { createPlayer } from "@/src/backend/slices/portal/handlers";
import { registrationMessages } from "@/src/contract/portal";
import { amsterdamIsoDate } from "@/src/lib/amsterdam-time";

import { type ApiHarness, cookieClient, startApiHarness } from "@/tests/support/api-harness";

/**
 * The portal slice against a real database. Registration is rate limited per client IP (20 a minute) and
 * every client of this file shares 127.0.0.1, so the file stays well below 20 registration calls.
 */
let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api?.close());

const LOOKUP = "/api/common/address/lookup-address";
const REGISTER = "/api/authentication/register";

let sequence = 0;
function registration(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    email: `nieuwe.speler${sequence}@example.nl`,
    password: "Geheim!2026",
    firstName: "Jan",
    middleName: "de",
    lastName: "Vries",
    dateOfBirth: "1990-03-15",
    postalCode: "1234 ab",
    houseNumber: 7,
    houseNumberExtension: "b",
    acceptTerms: true,
    ...overrides,
  };
}

async function postRegistration(body: unknown) {
  const client = cookieClient(api.url);
  const token = await client.token("/api/authentication/get-token");
  const response = await client.postJson(REGISTER, body, token);
  return { client, response, body: await response.json() };
}

async function playersWith(condition: ReturnType<typeof eq>) {
  const [row] = await api.database.db.select({ total: count() }).from(players).where(condition);
  return row?.total ?? 0;
}

describe("GET address lookup", () => {
  it("finds the seed address with an extension", async () => {
    const response = await fetch(`${api.url}${LOOKUP}/1234AB/12/A`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      street: "Dorpsstraat",
      houseNumber: 12,
      houseNumberExtension: "A",
      postalCode: "1234 AB",
      city: "Kroondorp",
    });
  });

  it("finds it without an extension and normalises `1234 ab`", async () => {
    const response = await fetch(`${api.url}${LOOKUP}/${encodeURIComponent("1234 ab")}/12`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      street: "Dorpsstraat",
      houseNumber: 12,
      houseNumberExtension: null,
      postalCode: "1234 AB",
    });
    const lower = await fetch(`${api.url}${LOOKUP}/1234ab/60/d`);
    expect(await lower.json()).toMatchObject({ houseNumber: 60, houseNumberExtension: "D" });
  });

  it("answers an unknown combination with 404 LookupAddressNotFoundError", async () => {
    for (const path of ["/1234AB/61", "/1234AB/12/E", "/9999ZZ/1"]) {
      const response = await fetch(`${api.url}${LOOKUP}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(await response.json()).toMatchObject({ status: 404, code: "LookupAddressNotFoundError" });
    }
  });

  it("answers a malformed postcode or house number with 400", async () => {
    const badZip = await fetch(`${api.url}${LOOKUP}/12AB/12`);
    expect(badZip.status).toBe(400);
    expect((await badZip.json()).errors["params.ZipCode"]).toEqual([registrationMessages.postalCode]);
    for (const path of ["/1234AB/0", "/1234AB/abc", "/1234AB/1e3", "/1234AB/12/%3Cb%3E"]) {
      expect((await fetch(`${api.url}${LOOKUP}${path}`)).status, path).toBe(400);
    }
  });
});

describe("GET /api/my/common/account/profile", () => {
  it("needs a login", async () => {
    const response = await fetch(`${api.url}/api/my/common/account/profile`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  it("answers the demo player's profile", async () => {
    const client = cookieClient(api.url);
    const token = await client.token("/api/authentication/get-token");
    const login = await client.postJson(
      "/api/authentication/login",
      { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      token,
    );
    expect(login.status).toBe(200);
    const response = await client.request("/api/my/common/account/profile");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      customerNumber: DEMO_PLAYER.customerNumber,
      email: DEMO_PLAYER.email,
      firstName: "Anna",
      middleName: "van der",
      lastName: "Berg",
      fullName: "Anna van der Berg",
      dateOfBirth: "1980-05-17",
      street: "Dorpsstraat",
      houseNumber: 12,
      houseNumberExtension: "A",
      postalCode: "1234 AB",
      city: "Kroondorp",
      formattedAddress: "Dorpsstraat 12 A, 1234 AB Kroondorp",
      // Only the last four characters of the seeded NL67INGB0006543210 leave the API.
      iban: "**************3210",
      playerState: "Active",
      validationState: "Validated",
    });
  });
});

describe("POST /api/authentication/register", () => {
  it("creates the player, logs it in and shows it in the details and the profile", async () => {
    const body = registration({ email: "  Jan.de.Vries@Example.NL " });
    const { client, response, body: answer } = await postRegistration(body);
    expect(response.status).toBe(200);
    expect(answer.customerNumber).toMatch(/^\d{9}$/);
    expect(Number(answer.customerNumber)).toBeGreaterThan(Number(DEMO_PLAYER.customerNumber));
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/HttpOnly/i);
    expect([...client.jar.values()]).toContain("1");

    const details = await client.request("/api/player/details");
    expect(details.status).toBe(200);
    expect(await details.json()).toEqual({
      customerDetails: {
        customerNumber: answer.customerNumber,
        playerState: "Active",
        playerValidationState: "NotValidated",
        firstName: "Jan",
        middleName: "de",
        lastName: "Vries",
        fullName: "Jan de Vries",
      },
      addressDetails: {
        street: "Dorpsstraat",
        houseNumber: 7,
        houseNumberExtension: "B",
        postalCode: "1234 AB",
        city: "Kroondorp",
        formattedAddress: "Dorpsstraat 7 B, 1234 AB Kroondorp",
      },
    });

    const profile = await client.request("/api/my/common/account/profile");
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({
      customerNumber: answer.customerNumber,
      email: "jan.de.vries@example.nl",
      fullName: "Jan de Vries",
      dateOfBirth: "1990-03-15",
      formattedAddress: "Dorpsstraat 7 B, 1234 AB Kroondorp",
      iban: null,
      validationState: "NotValidated",
    });

    const [row] = await api.database.db
      .select()
      .from(players)
      .where(eq(players.customerNumber, answer.customerNumber));
    expect(row).toMatchObject({ postalCode: "1234AB", city: "Kroondorp", validationState: "NotValidated" });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(body.password);

    // The new account can log in with its password.
    const again = cookieClient(api.url);
    const login = await again.postJson(
      "/api/authentication/login",
      { email: "jan.de.vries@example.nl", password: body.password },
      await again.token("/api/authentication/get-token"),
    );
    expect(login.status).toBe(200);
  });

  it("refuses an e-mail address that is taken, whatever its case, without a second row", async () => {
    const { response, body } = await postRegistration(
      registration({ email: DEMO_PLAYER.email.toUpperCase() }),
    );
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ status: 409, code: "AccountNameAlreadyTakenError" });
    expect(await playersWith(eq(players.email, DEMO_PLAYER.email))).toBe(1);
  });

  it("refuses a player under 18 (in Dutch time) with a field error on dateOfBirth", async () => {
    const today = amsterdamIsoDate(new Date());
    const seventeen = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`.replace(/-02-29$/, "-02-28");
    const body = registration({ dateOfBirth: seventeen });
    const { response, body: answer } = await postRegistration(body);
    expect(response.status).toBe(400);
    expect(answer.errors).toEqual({ dateOfBirth: [registrationMessages.tooYoung] });
    expect(await playersWith(eq(players.email, body.email))).toBe(0);
  });

  it("refuses an unknown postcode with LookupAddressNotFoundError and creates nothing", async () => {
    const body = registration({ postalCode: "9999 ZZ", houseNumber: 1, houseNumberExtension: undefined });
    const { response, body: answer } = await postRegistration(body);
    expect(response.status).toBe(400);
    expect(answer).toMatchObject({ status: 400, code: "LookupAddressNotFoundError" });
    expect(await playersWith(eq(players.email, body.email))).toBe(0);
  });

  it("refuses an invalid IBAN, a weak password and unaccepted terms as field errors", async () => {
    const badIban = await postRegistration(registration({ iban: "NL92ABNA0417164300" }));
    expect(badIban.response.status).toBe(400);
    expect(badIban.body.errors).toEqual({ iban: [registrationMessages.iban] });

    const weak = await postRegistration(registration({ password: "geheim" }));
    expect(weak.response.status).toBe(400);
    expect(weak.body.errors.password).toEqual([
      "Je wachtwoord moet nog bevatten: minimaal 8 tekens, een hoofdletter, een cijfer en een speciaal teken (zoals ! ? @ #).",
    ]);

    const terms = await postRegistration(registration({ acceptTerms: false }));
    expect(terms.response.status).toBe(400);
    expect(terms.body.errors).toEqual({ acceptTerms: [registrationMessages.acceptTerms] });
  });

  it("refuses an IBAN another player uses and masks the IBAN in the profile", async () => {
    const first = await postRegistration(registration({ iban: "nl91 abna 0417 1643 00" }));
    expect(first.response.status).toBe(200);
    const profile = await first.client.request("/api/my/common/account/profile");
    expect((await profile.json()).iban).toBe("**************4300");

    const second = registration({ iban: "NL91ABNA0417164300" });
    const { response, body } = await postRegistration(second);
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ status: 409, code: "IbanAlreadyInUseError" });
    expect(await playersWith(eq(players.email, second.email))).toBe(0);
    expect(await playersWith(eq(players.iban, "NL91ABNA0417164300"))).toBe(1);
  });

  it("gives one of two simultaneous registrations with the same e-mail a 409, never a 500", async () => {
    const body = registration();
    const results = await Promise.all([postRegistration(body), postRegistration(body)]);
    const statuses = results.map((result) => result.response.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(results.find((result) => result.response.status === 409)?.body.code).toBe(
      "AccountNameAlreadyTakenError",
    );
    expect(await playersWith(eq(players.email, body.email))).toBe(1);
  });

  it("needs the anti-forgery token", async () => {
    const client = cookieClient(api.url);
    const response = await client.postJson(REGISTER, registration());
    expect(response.status).toBe(403);
  });
});

describe("createPlayer", () => {
  const values = {
    passwordHash: "scrypt$1$1$1$x$y",
    firstName: "Race",
    lastName: "Conditie",
    birthDate: "1970-01-01",
    street: "Dorpsstraat",
    houseNumber: 1,
    postalCode: "1234AB",
    city: "Kroondorp",
  };

  it("answers a unique violation that slipped past the checks with the 409 code and rolls back", async () => {
    const before = await playersWith(eq(players.firstName, "Race"));
    const taken = createPlayer(api.database.db, { ...values, email: DEMO_PLAYER.email });
    await expect(taken).rejects.toBeInstanceOf(HttpProblem);
    await expect(taken).rejects.toMatchObject({
      status: 409,
      extra: { code: "AccountNameAlreadyTakenError" },
    });

    const created = await createPlayer(api.database.db, {
      ...values,
      email: "race.iban@example.nl",
      iban: "NL20INGB0001234567",
    });
    const usedIban = createPlayer(api.database.db, {
      ...values,
      email: "race.iban2@example.nl",
      iban: "NL20INGB0001234567",
    });
    await expect(usedIban).rejects.toMatchObject({ status: 409, extra: { code: "IbanAlreadyInUseError" } });
    expect(await playersWith(eq(players.firstName, "Race"))).toBe(before + 1);
    expect(created.customerNumber).toMatch(/^\d{9}$/);
  });

  it("hands out consecutive customer numbers to simultaneous registrations", async () => {
    const created = await Promise.all(
      [1, 2, 3].map((index) =>
        createPlayer(api.database.db, { ...values, email: `tegelijk${index}@example.nl` }),
      ),
    );
    const numbers = created.map((player) => Number(player.customerNumber)).sort();
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[2]! - numbers[0]!).toBe(2);
  });
});
