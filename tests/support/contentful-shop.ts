import { type DeliveryApiServer, startDeliveryApiServer } from "./delivery-api-server";
import { startTestShop, type TestShop } from "./shop-server";

/**
 * The built shop reading a Contentful space (`CONTENT_SOURCE=contentful`) that the local Delivery and
 * Preview API server serves from the content files in `dir`; `env` adds to or overrides the shop's
 * settings (a webhook secret, the Content Management API's hosts). `stop` ends both.
 */
export async function startContentfulShop(options: {
  dir: string;
  spaceId?: string;
  env?: Record<string, string>;
}): Promise<{ shop: TestShop; deliveryApi: DeliveryApiServer; stop: () => Promise<void> }> {
  const spaceId = options.spaceId ?? "kroon";
  const deliveryApi = await startDeliveryApiServer({
    dir: options.dir,
    spaceId,
    deliveryToken: "cda-token",
    previewToken: "cpa-token",
  });
  const shop = await startTestShop({
    env: {
      CONTENT_SOURCE: "contentful",
      CONTENTFUL_SPACE_ID: spaceId,
      CONTENTFUL_DELIVERY_TOKEN: "cda-token",
      CONTENTFUL_PREVIEW_TOKEN: "cpa-token",
      CONTENTFUL_HOST: deliveryApi.host,
      ...options.env,
    },
  });
  return {
    shop,
    deliveryApi,
    stop: async () => {
      await shop.shutdown();
      await deliveryApi.close();
    },
  };
}
