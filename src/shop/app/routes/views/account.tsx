import { Link } from "react-router";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import {
  account,
  ageValidationPage,
  loyaltyMessages,
  mySubscriptions,
  orderHistory,
} from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { validationStateText } from "@/src/shop/slices/age-validation/age-validation-panel";
import { AGE_VALIDATION_PAGE } from "@/src/shop/slices/age-validation/links";
import { LoyaltySummary } from "@/src/shop/slices/loyalty/loyalty-summary";
import { LogoutForm } from "@/src/shop/slices/player/logout-form";
import type { Route } from "../+types/account";

export function AccountPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { customerDetails, addressDetails } = loaderData.details;
  return (
    <PageFrame title={account.overviewTitle} intro={customerDetails.fullName}>
      <dl className="details">
        <dt>{account.customerNumber}</dt>
        <dd>{customerDetails.customerNumber}</dd>
        <dt>{account.address}</dt>
        <dd>{addressDetails.formattedAddress}</dd>
        <dt>{ageValidationPage.accountLabel}</dt>
        <dd>
          {validationStateText(customerDetails.playerValidationState)}
          {customerDetails.playerValidationState === "NotValidated" ? (
            <>
              {" "}
              <Link to={AGE_VALIDATION_PAGE}>{ageValidationPage.accountLink}</Link>
            </>
          ) : null}
        </dd>
        <dt>{loyaltyMessages.accountLabel}</dt>
        <dd>
          <LoyaltySummary
            loyalty={loaderData.loyalty}
            token={loaderData.token}
            outcome={actionData}
            ageRefused={customerDetails.playerValidationState === "Refused"}
          />
        </dd>
      </dl>
      <AccountSections loaderData={loaderData} />
      {/* The header's logout needs JavaScript; without it, this form logs out (spec section 2). */}
      <noscript>
        <LogoutForm token={loaderData.token} />
      </noscript>
    </PageFrame>
  );
}

/** The links to the account's parts, with what each holds. */
function AccountSections({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <>
      <h2>{account.sectionsTitle}</h2>
      <ul className="account-sections">
        <li>
          <Link to="/mijn/loten">{account.tickets}</Link>
        </li>
        <li>
          <Link to="/mijn/abonnementen">{account.subscriptions}</Link>
          {loaderData.activeSubscriptions === undefined ? null : (
            <>
              {" "}
              <span className="muted">
                ({mySubscriptions.activeCount(loaderData.activeSubscriptions, loaderData.lockedSubscriptions)}
                )
              </span>
            </>
          )}
        </li>
        <li>
          <Link to="/mijn/saldo">{account.wallet}</Link>
          {loaderData.balanceInCents === undefined ? null : (
            <>
              {" "}
              <span className="muted">({formatEuroCents(loaderData.balanceInCents)})</span>
            </>
          )}
          {loaderData.latestRefund ? (
            <p className="form-field__hint">
              {account.latestRefund(
                formatEuroCents(loaderData.latestRefund.amountInCents),
                formatDate(loaderData.latestRefund.at),
                loaderData.latestRefund.description,
              )}
            </p>
          ) : null}
        </li>
        <li>
          <Link to="/mijn/bestellingen">{orderHistory.accountLink}</Link>
        </li>
        <li>
          <Link to="/mijn/profiel">{account.profileLink}</Link>
        </li>
        <li>
          <Link to="/mijn/voorkeuren">{account.preferences}</Link>
        </li>
      </ul>
    </>
  );
}
