import { walletPage as text } from "@/src/lib/messages";
import { PageFrame } from "@/src/shop/app/components/page-frame";
import { WalletPanel } from "@/src/shop/slices/wallet/wallet-panel";
import type { Route } from "../+types/account-wallet";

export function AccountWalletPage({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  return (
    <PageFrame title={text.title} intro={text.intro}>
      <WalletPanel
        wallet={loaderData.wallet}
        validated={loaderData.validated}
        token={loaderData.token}
        transactionIds={loaderData.transactionIds}
        answer={actionData ?? loaderData.retry}
      />
    </PageFrame>
  );
}
