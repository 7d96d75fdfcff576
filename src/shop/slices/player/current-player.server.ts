import { getProfile, type Profile } from "@/src/contract/portal";
import { loginCookieName } from "@/src/lib/cookie-names";
import { readCookie } from "@/src/lib/cookies";
import type { ApiClients } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";

/**
 * The logged-in player's profile for one request, asked of the portal at most once. A browser without the
 * login cookie is anonymous without a call; a 401 from the portal (an ended session) is anonymous too.
 * Any other failure rejects, so a page shows the error page rather than a wrong "not logged in".
 */
export function playerOnce(
  clients: ApiClients,
  cookieHeader: string | undefined,
  secureCookies: boolean,
): () => Promise<Profile | undefined> {
  let profile: Promise<Profile | undefined> | undefined;
  return () => {
    profile ??= (async () => {
      if (readCookie(cookieHeader, loginCookieName(secureCookies)) !== "1") return undefined;
      try {
        return await clients.portal.call(getProfile);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return undefined;
        throw error;
      }
    })();
    return profile;
  };
}
