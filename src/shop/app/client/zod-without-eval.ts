/**
 * zod compiles object schemas with `new Function` where it may, and finds out whether it may by trying:
 * under the shop's CSP (no `'unsafe-eval'`) the try is refused, and the browser reports a policy
 * violation even though zod catches the error. So in the browser zod never tries (`jitless`).
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig`, shared by every copy of zod and adopted
 * when zod loads; root.tsx's inline settings script sets it before any module runs, so no schema
 * library lands in the first-load JavaScript for it (decision 5). zod-without-eval.test.ts holds zod
 * to that key.
 */
export const ZOD_WITHOUT_EVAL =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
