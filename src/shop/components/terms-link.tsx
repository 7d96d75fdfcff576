import { general } from "@/src/lib/messages";

/**
 * The terms a checkbox asks to accept, beside it (issue 43): opened in a new window, so what the player
 * typed in the form stays, and it says so.
 */
export function TermsLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {`${label} `}
      <span className="visually-hidden">{general.opensInNewWindow}</span>
    </a>
  );
}
