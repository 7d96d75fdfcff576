import type { FormEvent, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { ErrorSummary, summaryErrors } from "@/src/shop/components/error-summary";
import { serverErrorsByInput } from "@/src/shop/components/field-error";
import { FormToken } from "@/src/shop/components/form-token";
import type { PortalFormResult } from "./form-result";

/** What a portal page gives its form: the page's query, this browser's anti-forgery token, a failed attempt. */
export type PortalFormProps = {
  params: PortalParams;
  token: string;
  result?: PortalFormResult;
};

/**
 * A portal form posting to its page's own action (`path` with the page's query), with JavaScript (React
 * Router's `<Form>`) and without (the browser's POST), so a password travels only in the body. It carries
 * the anti-forgery token (a failed attempt's, which is the newer one) and, above the fields, the failure's
 * summary: every field's message linked to its input (`fields`, in the form's order; each input shows its
 * own message too), or the failure's message when no field was refused.
 */
export function PortalForm({
  path,
  params,
  token,
  result,
  query = params.query,
  fields,
  onSubmit,
  children,
}: PortalFormProps & {
  /** The ids (and names) of the form's inputs, in the form's order, for the summary's links. */
  fields: readonly string[];
  path: "/inloggen" | "/aanmelden" | "/wachtwoord-vergeten" | "/wachtwoord-herstellen";
  /** The form's own query, when its page's address carries more than the portal's (a reset link's token). */
  query?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={`${path}${query}`}
      className="portal-form"
      onSubmit={onSubmit}
      noValidate
      preventScrollReset
    >
      <FormToken token={result?.token ?? token} />
      <PortalFormSummary result={result} fields={fields} />
      {children}
    </Form>
  );
}

/** Whether this page's form is on its way (its submit button waits meanwhile). */
export function usePortalFormPending(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}

function PortalFormSummary({ result, fields }: { result?: PortalFormResult; fields: readonly string[] }) {
  if (!result) return null;
  const { byInput, unmatched } = serverErrorsByInput(result.fieldErrors, (key) =>
    fields.includes(key) ? key : undefined,
  );
  const errors = summaryErrors(byInput, unmatched, undefined, fields);
  return (
    <ErrorSummary answer={result} message={errors.length > 0 ? undefined : result.message} errors={errors} />
  );
}
