import { HttpProblem } from "@/src/backend/http/problem-error";
import { implement } from "@/src/backend/http/router";
import { getEmergencyBanner, getLocalRecaptchaToken } from "@/src/contract/site";
import { CachePolicy } from "@/src/lib/cache-policy";

export const siteHandlers = [
  implement(getEmergencyBanner, async (_input, { services }) => ({
    message: (await services.siteSettings?.())?.emergencyBanner ?? null,
  })),
  implement(getLocalRecaptchaToken, async (_input, { services, res }) => {
    // With Google's keys configured, tokens come from Google's widget, never from here.
    if (!services.recaptcha.issueToken) throw new HttpProblem(404);
    res.setHeader("Cache-Control", CachePolicy.noStore);
    return { token: services.recaptcha.issueToken() };
  }),
];
