import { Link } from "react-router";
import type { GiftPreview } from "@/src/contract/gift-tickets";
import { formatDate } from "@/src/lib/format";
import { drawInSentence, giftPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { BankSelect } from "@/src/shop/components/bank-select";
import { FormToken } from "@/src/shop/components/form-token";
import type { Route } from "../+types/gift-redeem";

export function GiftRedeemPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  if (actionData?.redeemed) {
    const { number, draw } = actionData.redeemed;
    return (
      <PageFrame title={text.redeemedTitle}>
        <p role="status">{text.redeemed(number, drawText(draw))}</p>
        <p>
          <Link to="/mijn/loten">{text.toMyTickets}</Link>
        </p>
      </PageFrame>
    );
  }
  const code = actionData?.code ?? loaderData.code;
  const { loggedIn, issuers, preview } = loaderData;
  // The action's answer is about the code sent; the loader's about the code in the address.
  const error = actionData ? actionData.error : loaderData.previewError;
  return (
    <PageFrame title={text.redeemPageTitle} intro={text.redeemIntro}>
      {loaderData.justLoggedIn && preview && !actionData ? <p role="status">{text.loggedInReady}</p> : null}
      {preview && !actionData?.error ? <GiftPreviewCard preview={preview} /> : null}
      <form method="post" className="portal-form" aria-label={text.redeemPageTitle} noValidate>
        <FormToken token={loaderData.token} />
        {error ? (
          <p className="form-error" role="alert" id="gift-code-error">
            {error}
          </p>
        ) : null}
        <div className="form-field">
          <label htmlFor="gift-redeem-code">{text.codeLabel}</label>
          <input
            id="gift-redeem-code"
            name="code"
            autoComplete="off"
            defaultValue={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "gift-code-error" : undefined}
          />
        </div>
        {loggedIn ? (
          <div className="portal-form__actions">
            <button type="submit" className="button">
              {text.redeem}
            </button>
          </div>
        ) : (
          <RedeemWithoutLogin issuers={issuers} idinError={actionData?.idinError} />
        )}
      </form>
    </PageFrame>
  );
}

function drawText(draw: { name: string; drawDate: string }): string {
  // A gift is a ticket of the Kroonloterij's own draws, never the Miljoenenspel.
  return drawInSentence(draw.name, formatDate(draw.drawDate), false);
}

/** Who gives what under the code, and her message, before it is redeemed (issue 43). */
function GiftPreviewCard({ preview }: { preview: GiftPreview }) {
  return (
    <section className="card gift-preview" aria-labelledby="gift-preview-title">
      <h2 id="gift-preview-title">{text.previewTitle(preview.giverName)}</h2>
      <p>{text.previewTicket(preview.fraction === "WHOLE", drawText(preview.draw))}</p>
      {preview.message ? (
        <figure>
          <figcaption>{text.previewMessage(preview.giverName)}</figcaption>
          <blockquote>{preview.message}</blockquote>
        </figure>
      ) : null}
    </section>
  );
}

/** Not logged in: log in to redeem, or (when banks are on offer) redeem with iDIN. */
function RedeemWithoutLogin({
  issuers,
  idinError,
}: {
  issuers: Route.ComponentProps["loaderData"]["issuers"];
  idinError: string | undefined;
}) {
  return (
    <>
      <h2>{text.withAccountTitle}</h2>
      <div className="portal-form__actions">
        <button type="submit" name="intent" value="login" className="button">
          {text.loginToRedeem}
        </button>
      </div>
      {issuers.length > 0 ? (
        <fieldset className="gift-redeem__idin">
          <legend>{text.withIdinTitle}</legend>
          <p>{text.withIdinIntro}</p>
          {idinError ? (
            <p className="form-error" role="alert" id="gift-idin-error">
              {idinError}
            </p>
          ) : null}
          <BankSelect
            id="gift-redeem-bank"
            label={text.bankLabel}
            placeholder={text.chooseBank}
            banks={issuers}
            invalid={Boolean(idinError)}
            describedBy={idinError ? "gift-idin-error" : undefined}
          />
          <div className="portal-form__actions">
            <button type="submit" name="intent" value="idin" className="button button--secondary">
              {text.redeemWithIdin}
            </button>
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
