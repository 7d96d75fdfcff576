import { useState } from "react";
import { getLocalRecaptchaToken } from "@/src/contract/site";
import { recaptchaWidget } from "@/src/lib/messages";
import { useApiClients } from "@/src/shop/components/api-context";

/**
 * The local reCAPTCHA test widget (DESIGN section 6): ticking it fetches a token the server signed. With
 * Google's keys configured the operator's widget takes its place; the form only sees a token.
 */
export function RecaptchaWidget({ onToken }: { onToken: (token: string | undefined) => void }) {
  const { portal } = useApiClients();
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const onChange = async (tick: boolean) => {
    setChecked(tick);
    if (!tick) return onToken(undefined);
    setPending(true);
    try {
      onToken((await portal.call(getLocalRecaptchaToken)).token);
    } catch {
      setChecked(false);
      onToken(undefined);
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="recaptcha" data-recaptcha="local">
      <input
        id="recaptcha"
        type="checkbox"
        checked={checked}
        disabled={pending}
        onChange={(event) => void onChange(event.target.checked)}
      />
      <label htmlFor="recaptcha">{recaptchaWidget.label}</label>
      <small>{recaptchaWidget.note}</small>
    </div>
  );
}
