import { ReturnPathSchema } from "@/src/contract/age-validation";

/** The page that asks for iDIN (issue 16 item 2). */
export const AGE_VALIDATION_PAGE = "/mijn/leeftijdscontrole";

/** A path of this shop to continue at after the bank (`/afrekenen?x=1`); anything else is dropped. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  const parsed = ReturnPathSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The age-validation page, coming back to `returnPath` afterwards when it is a path of this shop. */
export function ageValidationLink(returnPath?: string): string {
  const path = safeReturnPath(returnPath);
  return path ? `${AGE_VALIDATION_PAGE}?${new URLSearchParams({ returnUrl: path })}` : AGE_VALIDATION_PAGE;
}
