import { useEffect, useRef, useState } from "react";
import { getLocalRecaptchaToken } from "@/src/contract/site";
import { recaptchaWidget } from "@/src/lib/messages";
import { useApiClients } from "@/src/shop/components/api-context";

/**
 * The local reCAPTCHA test widget (DESIGN section 6): ticking it fetches a token the server signed. With
 * Google's keys configured the operator's widget takes its place; the form only sees a token.
 *
 * The token takes a round trip. A player who ticks and taps the button at once is not refused for a
 * missing token: the widget holds the form's submission and sends it, with the same button, once the token
 * is in the form (or drops it when the token could not be fetched, with the box unticked again).
 */
export function RecaptchaWidget({ onToken }: { onToken: (token: string | undefined) => void }) {
  const { portal } = useApiClients();
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const held = useHeldSubmit(box, pending, checked);
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
    <div className="recaptcha" data-recaptcha="local" aria-busy={pending || held}>
      <input
        ref={box}
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

/**
 * While the token is on its way, a submission of the widget's form waits (before any handler of the page
 * sees it); once the token has been rendered into the form, it goes out again with its own button.
 */
function useHeldSubmit(box: React.RefObject<HTMLInputElement | null>, pending: boolean, checked: boolean) {
  const submitter = useRef<HTMLElement | null | undefined>(undefined);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const form = box.current?.form;
    if (!form || !pending) return;
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      submitter.current = event.submitter;
      setHeld(true);
    };
    form.addEventListener("submit", hold, { capture: true });
    return () => form.removeEventListener("submit", hold, { capture: true });
  }, [box, pending]);
  useEffect(() => {
    if (pending || submitter.current === undefined) return;
    const button = submitter.current;
    submitter.current = undefined;
    setHeld(false);
    if (checked) box.current?.form?.requestSubmit(button ?? undefined);
  }, [box, pending, checked]);
  return held;
}
