import { redirect } from "react-router";
import type { Profile } from "@/src/contract/portal";
import type { RequestContext } from "@/src/shop/app/request-context";
import { ageValidationLink } from "@/src/shop/slices/age-validation/links";
import { requirePlayer } from "./require-player.server";

/**
 * The logged-in player of a page that starts a payment (issue 16 item 2: the ticket checkout, the
 * subscription sign-up). Dutch law allows online play from 18: a player whose age the bank has not
 * confirmed (`validationState` of the portal's profile, read this request) goes to the iDIN page first and
 * comes back to this page, with its query, afterwards. A validated player is never asked.
 */
export async function requireValidatedAge(ctx: RequestContext, request: Request): Promise<Profile> {
  const player = await requirePlayer(ctx, request);
  if (player.validationState !== "Validated") {
    const url = new URL(request.url);
    throw redirect(ageValidationLink(url.pathname + url.search), { status: 303 });
  }
  return player;
}
