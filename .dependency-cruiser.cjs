/**
 * The direction of imports (DESIGN section 3a, decision 11). From the bottom up:
 *   lib, config, domain (pure) -> api/contract, content-models (zod) -> api/client -> db (and its job queue)
 *   -> components, features -> blocks -> cms -> app (routes) -> api/server, portal, simulators, jobs
 *   -> server (composition root; nothing imports it)
 * A module may import its own layer's folder and any lower layer, never a higher one; two folders never
 * import each other; no import cycles, type-only imports included. `npm run lint` runs this check.
 */
const LAYERS = [
  ["src/lib", "src/config", "src/domain"],
  ["src/api/contract", "content-models"],
  ["src/api/client"],
  ["src/db"],
  ["src/components"],
  ["src/features"],
  ["blocks"],
  ["src/cms"],
  ["src/app"],
  ["src/api/server", "src/portal", "src/simulators", "src/jobs"],
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
      name: "no-feature-to-feature",
      comment:
        "A feature does not import another feature's internals (Bulletproof React); shared UI goes to src/components.",
      severity: "error",
      from: { path: "^src/features/([^/]+)/", pathNot: TEST_FILE },
      to: { path: "^src/features/([^/]+)/", pathNot: "^src/features/$1/" },
    },
    {
      name: "no-block-to-block",
      comment: "A block is one self-contained folder.",
      severity: "error",
      from: { path: "^blocks/([^/]+)/", pathNot: TEST_FILE },
      to: { path: "^blocks/([^/]+)/", pathNot: "^blocks/$1/" },
    },
    {
      name: "pages-read-through-clients",
      comment:
        "Routes, blocks and the CMS get shop data only through the API clients on the request context, never the database, directly or through a feature service (decision 11).",
      severity: "error",
      from: { path: "^(src/app|src/cms|blocks|src/components)/", pathNot: TEST_FILE },
      to: { path: "^src/db/", reachable: true },
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
