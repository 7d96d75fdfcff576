import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { portalParams } from "@/src/app/lib/portal-params.server";
import { requestContext } from "@/src/app/request-context";
import { ApiProvider } from "@/src/components/api-context";
import { RegisterForm } from "@/src/features/portal/register-form";
import { portal } from "@/src/lib/messages";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(portal.registerTitle) },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return { params: portalParams(request, context.get(requestContext)) };
}

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={portal.registerTitle} intro={portal.registerIntro}>
      <ApiProvider>
        <RegisterForm params={loaderData.params} />
      </ApiProvider>
    </PageFrame>
  );
}
