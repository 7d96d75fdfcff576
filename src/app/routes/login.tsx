import { PageFrame, pageTitle } from "@/src/app/components/page-frame";
import { portalParams } from "@/src/app/lib/portal-params.server";
import { requestContext } from "@/src/app/request-context";
import { ApiProvider } from "@/src/components/api-context";
import { LoginForm } from "@/src/features/portal/login-form";
import { portal } from "@/src/lib/messages";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(portal.loginTitle) },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return { params: portalParams(request, context.get(requestContext)) };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={portal.loginTitle} intro={portal.loginIntro}>
      <ApiProvider>
        <LoginForm params={loaderData.params} />
      </ApiProvider>
    </PageFrame>
  );
}
