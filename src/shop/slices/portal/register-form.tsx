import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { lookupAddress, lookupAddressWithExtension } from "@/src/contract/portal";
import { portal } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { useApiClients } from "@/src/shop/components/api-context";
import { FormField } from "@/src/shop/components/form-field";
import { TermsLink } from "@/src/shop/components/terms-link";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import { FormActions } from "./form-actions";
import { NewPasswordField } from "./password-field";
import { PortalForm, type PortalFormProps, usePortalFormPending } from "./portal-form";

type Address = { street: string; city: string };
type Lookup =
  | { state: "idle" }
  | { state: "pending" }
  | { state: "found"; address: Address }
  | { state: "error"; message: string };

/**
 * The registration's inputs (their ids and names) in the form's order, for the error summary's links; all but
 * the password are shown again after a refusal (`REGISTRATION_KEPT_FIELDS`).
 */
export const REGISTRATION_FIELDS = [
  "email",
  "password",
  "firstName",
  "middleName",
  "lastName",
  "dateOfBirth",
  "postalCode",
  "houseNumber",
  "houseNumberExtension",
  "iban",
  "acceptTerms",
] as const;

type Entered = Readonly<Record<string, string | undefined>>;
type FieldErrorOf = (name: string) => string | undefined;

/**
 * The address found by postcode and house number (with its extension, when given), looked up as typed; a
 * newer lookup aborts the one in flight. The lookup starts after hydration: the server's HTML (the whole
 * form without JavaScript) shows no lookup that never comes.
 */
function useAddressLookup(postalCode: string, houseNumber: string, extension: string): Lookup {
  const { portal: client } = useApiClients();
  const hydrated = useHydrated();
  const zip = postalCode.replace(/\s+/g, "").toUpperCase();
  const valid = /^[1-9]\d{3}[A-Z]{2}$/.test(zip) && /^[1-9]\d{0,4}$/.test(houseNumber);
  const params = { ZipCode: zip, HouseNumber: Number(houseNumber) };
  const ext = extension.trim();
  const lookup = useQuery({
    ...(ext
      ? endpointQueryOptions(client, lookupAddressWithExtension, {
          params: { ...params, HouseNumberExtension: ext },
        })
      : endpointQueryOptions(client, lookupAddress, { params })),
    enabled: hydrated && valid,
    throwOnError: false,
  });
  if (!hydrated || !valid) return { state: "idle" };
  if (lookup.isError) {
    const message = lookup.error instanceof ApiError ? lookup.error.message : portal.addressLookingUp;
    return { state: "error", message };
  }
  return lookup.data ? { state: "found", address: lookup.data } : { state: "pending" };
}

/**
 * Registration at the embedded portal (spec section 1): what a Dutch lottery needs, the address found by
 * postcode and house number, password rules shown as they are met, and the Dutch messages of the API.
 * The form posts to the page's own action (see `PortalForm`); after a failure the page shows `result`, with
 * everything entered but the password.
 */
export function RegisterForm({ params, token, result }: PortalFormProps) {
  const entered = result?.values ?? {};
  const pending = usePortalFormPending();
  const field = (name: string) => result?.fieldErrors[name]?.[0];
  return (
    <PortalForm path="/aanmelden" params={params} token={token} result={result} fields={REGISTRATION_FIELDS}>
      <FormField
        id="email"
        label={portal.email}
        type="email"
        autoComplete="email"
        required
        defaultValue={entered.email}
        error={field("email")}
      />
      <NewPasswordField error={field("password")} />
      <NameFields entered={entered} field={field} />
      <FormField
        id="dateOfBirth"
        label={portal.dateOfBirth}
        inputMode="numeric"
        autoComplete="bday"
        hint={portal.dateOfBirthHint}
        required
        defaultValue={entered.dateOfBirth}
        error={field("dateOfBirth")}
      />
      <AddressFields entered={entered} field={field} />
      <FormField
        id="iban"
        label={portal.iban}
        autoComplete="off"
        hint={portal.ibanHelp}
        defaultValue={entered.iban}
        error={field("iban")}
      />
      <TermsCheckbox checked={entered.acceptTerms === "on"} error={field("acceptTerms")} />
      <FormActions
        pending={pending}
        label={portal.registerButton}
        pendingLabel={portal.registering}
        cancelUrl={params.cancelUrl}
        cancelLabel={portal.cancel}
      />
      <p>
        {portal.haveAccount} <Link to={`/inloggen${params.query}`}>{portal.loginButton}</Link>
      </p>
    </PortalForm>
  );
}

function NameFields({ entered, field }: { entered: Entered; field: FieldErrorOf }) {
  return (
    <div className="form-row">
      <FormField
        id="firstName"
        label={portal.firstName}
        autoComplete="given-name"
        required
        defaultValue={entered.firstName}
        error={field("firstName")}
      />
      <FormField
        id="middleName"
        label={portal.middleName}
        defaultValue={entered.middleName}
        error={field("middleName")}
      />
      <FormField
        id="lastName"
        label={portal.lastName}
        autoComplete="family-name"
        required
        defaultValue={entered.lastName}
        error={field("lastName")}
      />
    </div>
  );
}

/** Postcode, house number and extension, and the address they are looked up to. */
function AddressFields({ entered, field }: { entered: Entered; field: FieldErrorOf }) {
  const [postalCode, setPostalCode] = useState(entered.postalCode ?? "");
  const [houseNumber, setHouseNumber] = useState(entered.houseNumber ?? "");
  const [extension, setExtension] = useState(entered.houseNumberExtension ?? "");
  const lookup = useAddressLookup(postalCode, houseNumber, extension);
  return (
    <>
      <div className="form-row">
        <FormField
          id="postalCode"
          label={portal.postalCode}
          autoComplete="postal-code"
          required
          value={postalCode}
          onChange={(event) => setPostalCode(event.target.value)}
          error={field("postalCode")}
        />
        <FormField
          id="houseNumber"
          label={portal.houseNumber}
          inputMode="numeric"
          required
          value={houseNumber}
          onChange={(event) => setHouseNumber(event.target.value)}
          error={field("houseNumber")}
        />
        <FormField
          id="houseNumberExtension"
          label={portal.houseNumberExtension}
          value={extension}
          onChange={(event) => setExtension(event.target.value)}
          error={field("houseNumberExtension")}
        />
      </div>
      <AddressFound lookup={lookup} />
    </>
  );
}

function AddressFound({ lookup }: { lookup: Lookup }) {
  return (
    <p className="address-lookup" aria-live="polite">
      {lookup.state === "pending" ? portal.addressLookingUp : null}
      {lookup.state === "found" ? (
        <>
          <span data-testid="street">{lookup.address.street}</span>,{" "}
          <span data-testid="city">{lookup.address.city}</span>
        </>
      ) : null}
      {lookup.state === "error" ? <span className="form-field__error">{lookup.message}</span> : null}
    </p>
  );
}

function TermsCheckbox({ checked, error }: { checked: boolean; error: string | undefined }) {
  return (
    <div className="form-field form-field--checkbox">
      <input
        id="acceptTerms"
        name="acceptTerms"
        type="checkbox"
        defaultChecked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "acceptTerms-error" : undefined}
      />
      <label htmlFor="acceptTerms">{portal.acceptTerms}</label>
      <p className="form-field__hint">
        <TermsLink href="/spelvoorwaarden" label={portal.readGameRules} />
      </p>
      {error ? (
        <p id="acceptTerms-error" className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
