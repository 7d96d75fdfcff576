import { eq, sql } from "drizzle-orm";
import type { Db } from "@/src/backend/db/database.server";
import { uniqueViolation } from "@/src/backend/db/database-errors";
import { players } from "@/src/backend/db/schema";
import { HttpProblem } from "@/src/backend/http/problem-error";
import { implement } from "@/src/backend/http/router";
import type { SessionPlayer } from "@/src/backend/http/session/session.server";
import {
  getProfile,
  lookupAddress as lookupAddressEndpoint,
  lookupAddressWithExtension,
  type Profile,
  register,
} from "@/src/contract/portal";
import { lookupAddress, normalisePostalCode } from "@/src/domain/portal/address-data";
import { maskIban, normaliseIban } from "@/src/domain/portal/iban";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { setFlashCookie } from "@/src/lib/flash/flash.server";
import { portal } from "@/src/lib/messages";
import { hashPassword } from "@/src/lib/password.server";
import { formatAddress, formatPostalCode, fullName } from "@/src/lib/player";
import { accountChangeHandlers } from "./account-change-handlers";

/** The first customer number handed out, and the largest a 9-digit number allows. */
export const FIRST_CUSTOMER_NUMBER = 100_000_001;
const LAST_CUSTOMER_NUMBER = 999_999_999;
/** Serialises the choice of customer numbers across instances (a transaction-scoped advisory lock). */
const CUSTOMER_NUMBER_LOCK = 72_410_001;
const CREATE_ATTEMPTS = 3;

export type NewPlayer = Omit<typeof players.$inferInsert, "id" | "customerNumber" | "createdAt">;

/** The customer number after the highest one in use (9 digits). */
export function nextCustomerNumber(highest: string | null | undefined): string {
  const next = highest ? Number(highest) + 1 : FIRST_CUSTOMER_NUMBER;
  if (!Number.isSafeInteger(next) || next > LAST_CUSTOMER_NUMBER) {
    throw new Error("No 9-digit customer numbers left");
  }
  return String(Math.max(next, FIRST_CUSTOMER_NUMBER));
}

/**
 * Inserts a player under the next free customer number, in one transaction. A unique violation (another
 * registration with the same e-mail or IBAN that won the race) is answered as its 409 code; nothing of the
 * failed attempt remains, as the transaction is rolled back.
 */
export async function createPlayer(
  db: Db,
  values: NewPlayer,
): Promise<{ id: string; customerNumber: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_NUMBER_LOCK})`);
        const [row] = await tx
          .select({ highest: sql<string | null>`max(${players.customerNumber})` })
          .from(players)
          .where(sql`${players.customerNumber} ~ '^[0-9]{9}$'`);
        const [created] = await tx
          .insert(players)
          .values({ ...values, customerNumber: nextCustomerNumber(row?.highest) })
          .returning({ id: players.id, customerNumber: players.customerNumber });
        if (!created) throw new Error("Insert returned no player");
        return created;
      });
    } catch (error) {
      const violated = uniqueViolation(error);
      if (violated === undefined) throw error;
      if (violated.includes("email")) throw new HttpProblem(409, { code: "AccountNameAlreadyTakenError" });
      if (violated.includes("iban")) throw new HttpProblem(409, { code: "IbanAlreadyInUseError" });
      if (attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

export function toProfile(player: SessionPlayer): Profile {
  return {
    customerNumber: player.customerNumber,
    email: player.email,
    firstName: player.firstName,
    middleName: player.middleName,
    lastName: player.lastName,
    fullName: fullName(player.firstName, player.middleName, player.lastName),
    dateOfBirth: player.birthDate,
    street: player.street,
    houseNumber: player.houseNumber,
    houseNumberExtension: player.houseNumberExtension,
    postalCode: formatPostalCode(player.postalCode),
    city: player.city,
    formattedAddress: formatAddress(player),
    iban: player.iban ? maskIban(player.iban) : null,
    playerState: player.playerState,
    validationState: player.validationState,
  };
}

function findAddress(postalCode: string, houseNumber: number, extension?: string | null) {
  const address = lookupAddress(postalCode, houseNumber, extension);
  if (!address) throw new HttpProblem(404, { code: "LookupAddressNotFoundError" });
  return address;
}

export const portalHandlers = [
  implement(lookupAddressWithExtension, async ({ params }) =>
    findAddress(params.ZipCode, params.HouseNumber, params.HouseNumberExtension),
  ),
  implement(lookupAddressEndpoint, async ({ params }) => findAddress(params.ZipCode, params.HouseNumber)),

  implement(getProfile, async (_input, { player, res }) => {
    res.setHeader("Cache-Control", CachePolicy.private);
    return toProfile(player);
  }),

  implement(register, async ({ body }, { req, res, services, log }) => {
    const address = lookupAddress(body.postalCode, body.houseNumber, body.houseNumberExtension);
    const postalCode = normalisePostalCode(body.postalCode);
    if (!address || !postalCode) throw new HttpProblem(400, { code: "LookupAddressNotFoundError" });

    const email = body.email.trim().toLowerCase();
    const iban = body.iban?.trim() ? normaliseIban(body.iban) : null;
    // Checked up front for a definite answer; the unique constraints catch a registration racing this one.
    const [taken] = await services.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.email, email))
      .limit(1);
    if (taken) throw new HttpProblem(409, { code: "AccountNameAlreadyTakenError" });
    if (iban) {
      const [used] = await services.db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.iban, iban))
        .limit(1);
      if (used) throw new HttpProblem(409, { code: "IbanAlreadyInUseError" });
    }

    const created = await createPlayer(services.db, {
      email,
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      middleName: body.middleName?.trim() || null,
      lastName: body.lastName,
      birthDate: body.dateOfBirth,
      street: address.street,
      houseNumber: address.houseNumber,
      houseNumberExtension: address.houseNumberExtension,
      postalCode,
      city: address.city,
      iban,
      playerState: "Active",
      validationState: "NotValidated",
    });
    await services.sessions.logIn(req, res, created.id);
    setFlashCookie(res, createFlash(portal.flashRegistered(body.firstName), "success"), {
      secure: services.config.secureCookies,
    });
    log.info({ event: "register", customerNumber: created.customerNumber }, "player registered");
    return { customerNumber: created.customerNumber };
  }),
  ...accountChangeHandlers,
];
