import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../support/listen";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * The built shop on a copy of `content/` of its own (a composer's save and publish write files there), on
 * a port of its own so its e-mails' and previews' links open it; `stop` also removes the copy.
 */
export async function startShopOnContentCopy(): Promise<{ shop: TestShop; stop: () => Promise<void> }> {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), "kl-composer-journey-"));
  cpSync(path.resolve("content"), contentDir, { recursive: true });
  const port = await freePort();
  const shop = await startTestShop({
    env: { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, CONTENT_DIR: contentDir },
  });
  return {
    shop,
    stop: async () => {
      await shop.shutdown();
      rmSync(contentDir, { recursive: true, force: true });
    },
  };
}
