import { z } from "zod";
import { EMAIL_ADDRESS_PATTERN } from "@/src/domain/contact/email-address";
import { isValidIban } from "@/src/domain/portal/iban";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULES,
  passwordProblems,
  passwordProblemsMessage,
} from "@/src/domain/portal/password-rules";
import { dateOfBirthProblem } from "@/src/domain/portal/registration";
import { accountChangeMessages, registrationFieldMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";

/**
 * Portal slice (spec sections 5, 7, 8): the address lookup and registration of the sign-up form and the
 * account profile. The form shows the validation messages next to the fields: the catalogue's texts,
 * with the password rules' own.
 */
export const registrationMessages = {
  ...registrationFieldMessages,
  password: passwordProblemsMessage(PASSWORD_RULES.map((rule) => rule.label)),
  passwordTooLong: registrationFieldMessages.passwordTooLong(PASSWORD_MAX_LENGTH),
} as const;

/** Four digits (the first not 0), an optional space, two letters; either case. */
export const POSTAL_CODE_PATTERN = /^\s*[1-9]\d{3}\s?[A-Za-z]{2}\s*$/;
const EXTENSION_PATTERN = /^[A-Za-z0-9]{1,6}$/;

/** A password a player chooses (registration, a reset link): the rules of `password-rules.ts`. */
export const NewPasswordSchema = z
  .string({ error: registrationMessages.password })
  .meta({ examples: ["Voorbeeld!2026"] })
  .max(PASSWORD_MAX_LENGTH, registrationMessages.passwordTooLong)
  .superRefine((password, context) => {
    const problems = passwordProblems(password);
    if (problems.length > 0) context.addIssue({ code: "custom", message: passwordProblemsMessage(problems) });
  });

const optionalText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message).nullish();

export const RegisterBodySchema = z.object({
  // Trimmed and lower-cased first: the account name is the e-mail address, compared case-insensitively.
  email: z
    .string({ error: registrationMessages.email })
    .meta({ format: "email" })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ pattern: EMAIL_ADDRESS_PATTERN, error: registrationMessages.email })
        .max(254, registrationMessages.email),
    ),
  password: NewPasswordSchema,
  firstName: z
    .string({ error: registrationMessages.firstName })
    .trim()
    .min(1, registrationMessages.firstName)
    .max(100, registrationMessages.nameTooLong),
  middleName: optionalText(30, registrationMessages.middleName),
  lastName: z
    .string({ error: registrationMessages.lastName })
    .trim()
    .min(1, registrationMessages.lastName)
    .max(100, registrationMessages.nameTooLong),
  dateOfBirth: z
    .string({ error: registrationMessages.dateOfBirth })
    .meta({ format: "date", examples: ["1990-03-15"] })
    .superRefine((value, context) => {
      const problem = dateOfBirthProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  postalCode: z.string({ error: registrationMessages.postalCode }).regex(POSTAL_CODE_PATTERN, {
    error: registrationMessages.postalCode,
  }),
  houseNumber: z
    .number({ error: registrationMessages.houseNumber })
    .int({ error: registrationMessages.houseNumber })
    .min(1, { error: registrationMessages.houseNumber, abort: true })
    .max(99_999, registrationMessages.houseNumber),
  houseNumberExtension: z
    .string({ error: registrationMessages.houseNumberExtension })
    .trim()
    .regex(/^[A-Za-z0-9]{0,6}$/, registrationMessages.houseNumberExtension)
    .nullish(),
  iban: z
    .string({ error: registrationMessages.iban })
    .refine((value) => value.trim() === "" || isValidIban(value), registrationMessages.iban)
    .nullish(),
  acceptTerms: z.literal(true, { error: registrationMessages.acceptTerms }),
  gRecaptchaResponse: z.string().max(4000).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const AddressSchema = z.object({
  street: z.string(),
  houseNumber: z.number().int(),
  houseNumberExtension: z.string().nullable(),
  /** Formatted: `1234 AB`. */
  postalCode: z.string(),
  city: z.string(),
});

const LookupParams = {
  ZipCode: z.string().regex(POSTAL_CODE_PATTERN, registrationMessages.postalCode),
  HouseNumber: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, registrationMessages.houseNumber)
    .transform(Number),
};

export const lookupAddressWithExtension = defineEndpoint({
  method: "GET",
  path: "/api/common/address/lookup-address/{ZipCode}/{HouseNumber}/{HouseNumberExtension}",
  summary: "The street and city of a postcode, house number and extension",
  slice: "portal",
  backend: "portal",
  auth: "none",
  params: z.object({
    ...LookupParams,
    HouseNumberExtension: z.string().regex(EXTENSION_PATTERN, registrationMessages.houseNumberExtension),
  }),
  response: AddressSchema,
  errors: { 400: [], 404: ["LookupAddressNotFoundError"] },
});

export const lookupAddress = defineEndpoint({
  method: "GET",
  path: "/api/common/address/lookup-address/{ZipCode}/{HouseNumber}",
  summary: "The street and city of a postcode and house number",
  slice: "portal",
  backend: "portal",
  auth: "none",
  params: z.object(LookupParams),
  response: AddressSchema,
  errors: { 400: [], 404: ["LookupAddressNotFoundError"] },
});

export const ProfileSchema = z.object({
  customerNumber: z.string(),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.iso.date(),
  street: z.string(),
  houseNumber: z.number().int(),
  houseNumberExtension: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  formattedAddress: z.string(),
  /** Only the last four characters visible: `**************4300`. */
  iban: z.string().nullable(),
  playerState: z.string(),
  validationState: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const getProfile = defineEndpoint({
  method: "GET",
  path: "/api/my/common/account/profile",
  summary: "The logged-in player's account profile",
  slice: "portal",
  backend: "portal",
  auth: "player",
  response: ProfileSchema,
  errors: { 401: [] },
});

export const register = defineEndpoint({
  method: "POST",
  path: "/api/authentication/register",
  summary: "Create a player account and log it in",
  slice: "authentication",
  backend: "portal",
  auth: "none",
  body: RegisterBodySchema,
  response: z.object({ customerNumber: z.string().regex(/^\d{9}$/) }),
  errors: {
    400: ["LookupAddressNotFoundError"],
    409: ["AccountNameAlreadyTakenError", "IbanAlreadyInUseError"],
    429: ["RateLimitError"],
  },
  rateLimit: { limit: 20, windowMs: 60_000 },
});

/** The password the player has now, which every change of the account's credentials asks for (issue 43). */
const CurrentPasswordSchema = z
  .string({ error: accountChangeMessages.currentPassword })
  .min(1, accountChangeMessages.currentPassword)
  .max(PASSWORD_MAX_LENGTH, accountChangeMessages.currentPasswordWrong);

/** Refusals of a change of the account's credentials; the Dutch reason is at the field it is about. */
const ACCOUNT_CHANGE_ERRORS = {
  400: ["PasswordInvalidError"],
  401: [],
  422: [],
  429: ["RateLimitError"],
} as const;

/** A change of the account's credentials: per client address, beside the count of wrong passwords per account. */
const ACCOUNT_CHANGE_RATE_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

export const ChangePasswordBodySchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
});

/**
 * A new password under /mijn/profiel (issue 43): the current one must be right (wrong ones are counted per
 * account, as the login counts them); the player's other sessions end, this one stays, and a confirmation
 * is e-mailed.
 */
export const changePassword = defineEndpoint({
  method: "POST",
  path: "/api/my/common/account/password",
  summary: "Change the password with the current one; ends the player's other sessions",
  slice: "portal",
  backend: "portal",
  auth: "player",
  body: ChangePasswordBodySchema,
  response: null,
  errors: ACCOUNT_CHANGE_ERRORS,
  rateLimit: ACCOUNT_CHANGE_RATE_LIMIT,
});

export const RequestEmailChangeBodySchema = z.object({
  // The shop's one e-mail rule, as at registration: trimmed and lower-cased first.
  newEmail: z
    .string({ error: accountChangeMessages.email })
    .meta({ format: "email" })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ pattern: EMAIL_ADDRESS_PATTERN, error: accountChangeMessages.email })
        .max(254, accountChangeMessages.email),
    ),
  currentPassword: CurrentPasswordSchema,
});

/**
 * A new e-mail address under /mijn/profiel (issue 43): with the current password, a one-time link goes to
 * the new address and a notice to the old one; the address changes only when the link is followed. An
 * address another account has is refused as at registration (409), and only after the password.
 */
export const requestEmailChange = defineEndpoint({
  method: "POST",
  path: "/api/my/common/account/email",
  summary: "E-mail a confirmation link to a new address for the account (and a notice to the old one)",
  slice: "portal",
  backend: "portal",
  auth: "player",
  body: RequestEmailChangeBodySchema,
  response: z.object({ newEmail: z.string() }),
  errors: { ...ACCOUNT_CHANGE_ERRORS, 409: ["AccountNameAlreadyTakenError"] },
  rateLimit: ACCOUNT_CHANGE_RATE_LIMIT,
});

export const ConfirmEmailChangeBodySchema = z.object({
  token: z.string({ error: accountChangeMessages.tokenUnknown }).max(200, accountChangeMessages.tokenUnknown),
});

/**
 * The link of the confirmation e-mail, once (issue 43): the account's address becomes the new one. No login
 * needed: the link's random token, sent only to the new address, is what confirms.
 */
export const confirmEmailChange = defineEndpoint({
  method: "POST",
  path: "/api/account/confirm-email-change",
  summary: "Confirm a new e-mail address with the token of its link",
  slice: "portal",
  backend: "portal",
  auth: "none",
  body: ConfirmEmailChangeBodySchema,
  response: z.object({ email: z.string() }),
  errors: { 400: [], 404: [], 409: ["AccountNameAlreadyTakenError"], 422: [], 429: ["RateLimitError"] },
  rateLimit: { limit: 30, windowMs: 60 * 60_000 },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const portalEndpoints = [
  lookupAddressWithExtension,
  lookupAddress,
  getProfile,
  register,
  changePassword,
  requestEmailChange,
  confirmEmailChange,
] as const;
