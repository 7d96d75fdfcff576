/**
 * The direction of imports (DESIGN section 3a, decisions 11 and 19). The repository holds two programs on
 * a shared base: the storefront (`src/shop`, with `blocks`) and the reference backend (`src/backend`);
 * only the composition root (`src/server`) imports both. From the bottom up:
 *   shared:   lib, config, domain (pure) -> contract, content-models (zod)
 *   shop:     shop/client -> shop/components -> shop/slices -> blocks -> shop/cms -> shop/app
 *   backend:  backend/db -> backend/http -> backend/orders (the basket order core the sale slices share)
 *             -> backend/slices -> backend/api (the endpoint table) -> backend/portal, simulators, jobs
 *   root:     server (composition root; nothing imports it)
 * A module may import its own layer's folder and any lower layer, never a higher one; the shop and the
 * backend never import each other (rules `shop-not-backend` and `backend-not-shop`, tests included); a slice
 * never imports another slice; no import cycles, type-only imports included. `npm run lint` runs this check.
 */
const LAYERS = [
  ["src/lib", "src/config", "src/domain"],
  ["src/contract", "content-models"],
  ["src/shop/client"],
  ["src/shop/components"],
  ["src/shop/slices"],
  ["blocks"],
  ["src/shop/cms"],
  ["src/shop/app"],
  ["src/backend/db"],
  ["src/backend/http", "src/backend/emails"],
  ["src/backend/orders"],
  ["src/backend/slices"],
  ["src/backend/api"],
  ["src/backend/portal", "src/backend/simulators", "src/backend/jobs"],
  ["src/server"],
];

const TEST_FILE = "\\.test\\.tsx?$";
const escapeRegExp = (folder) => folder.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const pattern = (folders) => `^(${folders.map(escapeRegExp).join("|")})/`;

/** For each layer: importing any folder of a higher layer is forbidden. */
const layerRules = LAYERS.slice(0, -1).map((folders, index) => ({
  name: `layer-${folders[0].replace(/\//g, "-")}`,
  comment: `${folders.join(", ")} may not import a higher layer (${LAYERS.slice(index + 1)
    .flat()
    .join(", ")})`,
  severity: "error",
  // Tests wire up what they test (they are composition roots of their own); they still may not form cycles.
  from: { path: pattern(folders), pathNot: TEST_FILE },
  to: { path: pattern(LAYERS.slice(index + 1).flat()) },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Import cycles (type-only imports included) make load order and ownership unclear.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "shop-not-backend",
      comment:
        "The storefront (src/shop, blocks) runs against the operator's API: it never imports the reference backend, not even in tests; pages get shop data through the API clients only (decision 11).",
      severity: "error",
      from: { path: "^(src/shop|blocks)/" },
      to: { path: "^src/backend/" },
    },
    {
      name: "backend-not-shop",
      comment:
        "The reference backend (src/backend) is the operator's in production: it never imports the storefront, its blocks or its CMS, not even in tests.",
      severity: "error",
      from: { path: "^src/backend/" },
      to: { path: "^(src/shop|blocks)/" },
    },
    {
      name: "no-slice-to-slice",
      comment:
        "A slice does not import another slice's internals (Bulletproof React); what two slices share goes down to domain, contract or the program's shared folders.",
      severity: "error",
      from: { path: "^src/(shop|backend)/slices/([^/]+)/", pathNot: TEST_FILE },
      to: { path: "^src/(shop|backend)/slices/([^/]+)/", pathNot: "^src/$1/slices/$2/" },
    },
    {
      name: "no-block-to-block",
      comment: "A block is one self-contained folder.",
      severity: "error",
      from: { path: "^blocks/([^/]+)/", pathNot: TEST_FILE },
      to: { path: "^blocks/([^/]+)/", pathNot: "^blocks/$1/" },
    },
    {
      name: "no-production-to-tests",
      comment: "Test support (fakes, harnesses) is never part of the product.",
      severity: "error",
      from: { path: "^(src|blocks|content-models)/", pathNot: TEST_FILE },
      to: { path: "^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)\\.react-router/|^build/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
