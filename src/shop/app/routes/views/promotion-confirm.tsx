import { Link } from "react-router";
import { leadConfirmationPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";

/** The link as opened: a token to confirm, or why there is none. */
export type ConfirmationLink = { error?: string };
/** What the press came to. */
export type ConfirmationOutcome = {
  confirmed?: { promotionTitle: string | null; alreadyConfirmed: boolean };
  error?: string;
};

/**
 * `/actie/bevestigen` (issue 42): one button that confirms the sign-up; after the press, that it is
 * confirmed (or was). A plain form without `action`, so it posts to the page's own address, token included,
 * before and without JavaScript.
 */
export function PromotionConfirmView({
  link,
  outcome,
}: {
  link: ConfirmationLink;
  outcome?: ConfirmationOutcome;
}) {
  if (outcome?.confirmed) {
    const { promotionTitle, alreadyConfirmed } = outcome.confirmed;
    return (
      <PageFrame title={text.title}>
        {promotionTitle ? <p>{text.promotion(promotionTitle)}</p> : null}
        <p role="status">{alreadyConfirmed ? text.alreadyConfirmed : text.confirmed}</p>
        <p>
          <Link to="/">{text.toHome}</Link>
        </p>
      </PageFrame>
    );
  }
  const error = outcome?.error ?? link.error;
  if (error) {
    return (
      <PageFrame title={text.title}>
        <p role="alert">{error}</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={text.title} intro={text.intro}>
      <form method="post" className="portal-form" aria-label={text.title}>
        <button type="submit" className="button">
          {text.button}
        </button>
      </form>
    </PageFrame>
  );
}
