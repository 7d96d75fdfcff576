import { z } from "zod";
import { EMAIL_ADDRESS_PATTERN } from "@/src/domain/contact/email-address";
import { loginMessages } from "@/src/lib/messages";
import { defineEndpoint } from "./define";

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

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const authenticationEndpoints = [login, logout] as const;
