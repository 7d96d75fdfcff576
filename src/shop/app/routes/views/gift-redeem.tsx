import { Link } from "react-router";
import { formatDate } from "@/src/lib/format";
import { giftPage as text } from "@/src/lib/messages";
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
        <p role="status">{text.redeemed(number, `${draw.name} van ${formatDate(draw.drawDate)}`)}</p>
        <p>
          <Link to="/mijn/loten">{text.toMyTickets}</Link>
        </p>
      </PageFrame>
    );
  }
  const code = actionData?.code ?? loaderData.code;
  const { loggedIn, issuers } = loaderData;
  return (
    <PageFrame title={text.redeemPageTitle} intro={text.redeemIntro}>
      <form method="post" className="portal-form" aria-label={text.redeemPageTitle} noValidate>
        <FormToken token={loaderData.token} />
        {actionData?.error ? (
          <p className="form-error" role="alert" id="gift-code-error">
            {actionData.error}
          </p>
        ) : null}
        <div className="form-field">
          <label htmlFor="gift-redeem-code">{text.codeLabel}</label>
          <input
            id="gift-redeem-code"
            name="code"
            autoComplete="off"
            defaultValue={code}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? "gift-code-error" : undefined}
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
