import { boulevardGame as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { BoulevardGameForm } from "@/src/shop/slices/results/boulevard-game/boulevard-game-form";
import type { BoulevardGameAnswer } from "@/src/shop/slices/results/boulevard-game/boulevard-game-model";
import { BoulevardResult } from "@/src/shop/slices/results/boulevard-game/boulevard-result";

/**
 * The boulevard game's result page: the boulevard's result first when there is one, with the form under
 * it for another; otherwise the form, with the message at each field it refused.
 */
export function BoulevardGamePage({ answer }: { answer: BoulevardGameAnswer }) {
  const outcome = "outcome" in answer ? answer.outcome : undefined;
  const refused = "errors" in answer ? answer : undefined;
  const formTitle = outcome ? text.otherBoulevard : text.defaultTitle;
  return (
    <PageFrame
      title={outcome ? text.resultPageTitle(outcome.boulevardId) : text.pageTitle}
      intro={outcome ? undefined : text.intro}
    >
      {outcome ? <BoulevardResult outcome={outcome} /> : null}
      <section className="boulevard-game" aria-labelledby="boulevard-game-form-title">
        <h2 id="boulevard-game-form-title">{formTitle}</h2>
        {refused?.formError ? (
          <p className="form-error" role="alert">
            {refused.formError}
          </p>
        ) : null}
        <BoulevardGameForm query={answer.query} errors={refused?.errors} label={formTitle} />
      </section>
    </PageFrame>
  );
}
