import { navigation } from "@/src/lib/messages";
import { FormToken } from "@/src/shop/components/form-token";

/**
 * The logout as a plain form carrying this session's anti-forgery token (spec section 2), for the player's
 * own pages when JavaScript does not run: the header's logout needs it (it fetches the token on submit).
 */
export function LogoutForm({ token, returnUrl = "/" }: { token: string; returnUrl?: string }) {
  return (
    <form
      method="post"
      action={`/uitloggen?returnUrl=${encodeURIComponent(returnUrl)}`}
      className="logout-form"
    >
      <FormToken token={token} />
      <button type="submit" className="button button--secondary">
        {navigation.logout}
      </button>
    </form>
  );
}
