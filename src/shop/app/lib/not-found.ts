import { data } from "react-router";
import { errorPage } from "@/src/lib/messages";

export type NotFoundData = { message: string };

/** The 404 of a failed validity check (spec section 2): the error page shows `Page Not Found: {path}`. */
export function notFound(request: Request): never {
  const { pathname } = new URL(request.url);
  throw data<NotFoundData>({ message: errorPage.pageNotFound(pathname) }, { status: 404 });
}

/** Runs a route's validity check on its params; a failed check is the 404 page. */
export function assertValidParams(request: Request, valid: boolean): void {
  if (!valid) notFound(request);
}
