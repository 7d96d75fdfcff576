import { formatDate } from "@/src/lib/format";
import { account } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { EmailChangeForm, PasswordChangeForm } from "@/src/shop/slices/portal/account-change-forms";
import type { Route } from "../+types/account-profile";

/**
 * `/mijn/profiel`: the player's details, and the forms that change the password and the e-mail address
 * (issue 43). Loaded after the layout (decision 16); until then the forms post as plain HTML.
 */
export function AccountProfilePage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { profile, token } = loaderData;
  return (
    <PageFrame title={account.profileTitle}>
      <dl className="details">
        <dt>{account.name}</dt>
        <dd>{profile.fullName}</dd>
        <dt>{account.customerNumber}</dt>
        <dd>{profile.customerNumber}</dd>
        <dt>{account.email}</dt>
        <dd>{profile.email}</dd>
        <dt>{account.dateOfBirth}</dt>
        <dd>{formatDate(profile.dateOfBirth)}</dd>
        <dt>{account.address}</dt>
        <dd>{profile.formattedAddress}</dd>
        {profile.iban ? (
          <>
            <dt>{account.iban}</dt>
            <dd>{profile.iban}</dd>
          </>
        ) : null}
      </dl>
      <PasswordChangeForm token={token} outcome={actionData} />
      <EmailChangeForm token={token} outcome={actionData} />
    </PageFrame>
  );
}
