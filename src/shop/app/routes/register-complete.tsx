import { portal } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { portalParams } from "@/src/shop/app/lib/portal-params.server";
import { requestContext } from "@/src/shop/app/request-context";
import type { Route } from "./+types/register-complete";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(portal.completeTitle),
  { name: "robots", content: "noindex" },
];

export const handle = { deferFlash: true };

/** The completion step after registration, skipped with `skipCompletionFlow=true` (spec section 2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return { returnUrl: portalParams(request, context.get(requestContext)).returnUrl };
}

export default function RegisterCompletePage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={portal.completeTitle} intro={portal.completeIntro}>
      <a className="button" href={loaderData.returnUrl}>
        {portal.continue}
      </a>
    </PageFrame>
  );
}
