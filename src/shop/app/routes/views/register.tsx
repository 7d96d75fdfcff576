import { portal } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { ApiProvider } from "@/src/shop/components/api-context";
import { RegisterForm } from "@/src/shop/slices/portal/register-form";
import type { Route } from "../+types/register";

export function RegisterPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <PageFrame title={portal.registerTitle} intro={portal.registerIntro}>
      <ApiProvider>
        <RegisterForm params={loaderData.params} token={loaderData.token} result={actionData} />
      </ApiProvider>
    </PageFrame>
  );
}
