import { z } from "zod";
import { defineEndpoint } from "./define";

/** Emergency banner (spec section 7): the site-wide notice from the CMS site settings, or null. */
export const getEmergencyBanner = defineEndpoint({
  method: "GET",
  path: "/api/my/common/navigation/emergency-banner",
  summary: "The emergency banner text from the CMS site settings",
  slice: "navigation",
  backend: "portal",
  auth: "player",
  response: z.object({ message: z.string().nullable() }),
  errors: { 401: [] },
});

/** The local reCAPTCHA test widget's token (only when no Google keys are configured). */
export const getLocalRecaptchaToken = defineEndpoint({
  method: "GET",
  path: "/api/recaptcha/local-token",
  summary: "A token from the local reCAPTCHA test widget",
  slice: "recaptcha",
  backend: "portal",
  auth: "none",
  response: z.object({ token: z.string() }),
  errors: { 404: [] },
});

/** Every endpoint of this slice, in the order the router tries them; `registry.ts` collects the slices. */
export const siteEndpoints = [getEmergencyBanner, getLocalRecaptchaToken] as const;
