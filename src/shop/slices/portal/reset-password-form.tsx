import { portal, passwordResetPages as text } from "@/src/lib/messages";
import { FormField } from "@/src/shop/components/form-field";
import { FormActions } from "./form-actions";
import { NewPasswordField } from "./password-field";
import { PortalForm, type PortalFormProps, usePortalFormPending } from "./portal-form";

/**
 * A reset link's form (issue 43): the new password twice, with the registration's rules. It posts to its
 * page's address with the link's token; neither password is ever filled in again.
 */
export function ResetPasswordForm({
  params,
  token,
  result,
  resetToken,
}: PortalFormProps & { resetToken: string }) {
  const pending = usePortalFormPending();
  const field = (name: string) => result?.fieldErrors[name]?.[0];
  return (
    <PortalForm
      path="/wachtwoord-herstellen"
      query={`?${new URLSearchParams({ token: resetToken })}`}
      params={params}
      token={token}
      result={result}
      fields={["password", "passwordRepeat"]}
    >
      <NewPasswordField label={text.newPassword} error={field("password")} />
      <FormField
        id="passwordRepeat"
        label={text.repeatPassword}
        type="password"
        autoComplete="new-password"
        required
        error={field("passwordRepeat")}
      />
      <FormActions
        pending={pending}
        label={text.save}
        pendingLabel={text.saving}
        cancelUrl={params.cancelUrl}
        cancelLabel={portal.cancel}
      />
    </PortalForm>
  );
}
