import { z } from "zod";
import { EMAIL_ADDRESS_PATTERN } from "@/src/domain/contact/email-address";
import { loginMessages, passwordResetMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";
import { NewPasswordSchema } from "./portal";

export const LoginBodySchema = z.object({
  email: z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: loginMessages.email }).max(254),
  password: z.string().min(1, loginMessages.password).max(200),
  gRecaptchaResponse: z.string().max(4000).optional(),
});

export const login = defineEndpoint({
  method: "POST",
  path: "/api/authentication/login",
  summary: "Log in with e-mail and password; starts a new session",
  slice: "authentication",
  backend: "portal",
  auth: "none",
  body: LoginBodySchema,
  response: z.object({ customerNumber: z.string() }),
  errors: { 400: ["PasswordInvalidError"], 429: ["RateLimitError", "RecaptchaNotValidError"] },
  // Per client address; offices and mobile carriers share addresses, so failures per account count too.
  rateLimit: { limit: 30, windowMs: 60_000 },
});

export const logout = defineEndpoint({
  method: "POST",
  path: "/api/authentication/logout",
  summary: "End the session",
  slice: "authentication",
  backend: "portal",
  auth: "none",
  response: null,
});

export const RequestPasswordResetBodySchema = z.object({
  email: z
    .string({ error: passwordResetMessages.email })
    .meta({ format: "email" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: passwordResetMessages.email }).max(254)),
  gRecaptchaResponse: z.string().max(4000).optional(),
});

/**
 * "Wachtwoord vergeten?" (issue 43): e-mails a one-time link to the account's address. The answer is the
 * same whether or not the address has an account, so it tells no one which addresses do.
 */
export const requestPasswordReset = defineEndpoint({
  method: "POST",
  path: "/api/authentication/request-password-reset",
  summary: "E-mail a link to choose a new password; the same answer for every address",
  slice: "authentication",
  backend: "portal",
  auth: "none",
  body: RequestPasswordResetBodySchema,
  response: null,
  errors: { 400: ["RecaptchaNotValidError"], 429: ["RateLimitError"] },
  // Per client address; per e-mail address the handler asks for the reCAPTCHA after a few requests.
  rateLimit: { limit: 20, windowMs: 60 * 60_000 },
});

export const ResetPasswordBodySchema = z.object({
  token: z.string({ error: passwordResetMessages.tokenUnknown }).max(200, passwordResetMessages.tokenUnknown),
  password: NewPasswordSchema,
});

/** Sets a new password with a reset link's token, once; the player's other sessions end. */
export const resetPassword = defineEndpoint({
  method: "POST",
  path: "/api/authentication/reset-password",
  summary: "Choose a new password with the token of a reset link",
  slice: "authentication",
  backend: "portal",
  auth: "none",
  body: ResetPasswordBodySchema,
  response: null,
  errors: { 400: [], 404: [], 422: [], 429: ["RateLimitError"] },
  rateLimit: { limit: 30, windowMs: 60 * 60_000 },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const authenticationEndpoints = [login, logout, requestPasswordReset, resetPassword] as const;
