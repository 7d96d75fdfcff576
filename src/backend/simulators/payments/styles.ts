/**
 * The payment pages' one stylesheet, inlined in a nonce-carrying `<style>` (see views.server.ts): the pages
 * load nothing from the shop, as an outside party's pages would not.
 */
export const SIMULATOR_STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f3f4f6}
.test-banner{margin:0;padding:.75rem 1rem;background:#fde68a;color:#1a1a1a;text-align:center;border-bottom:2px solid #b45309}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{margin-top:0;font-size:1.5rem}
h2{font-size:1.125rem}
.summary{margin:0 0 1.5rem}
.summary div{display:flex;justify-content:space-between;gap:1rem;padding:.375rem 0;border-bottom:1px solid #e5e7eb}
.summary dt{color:#4b5563}
.summary dd{margin:0;text-align:right}
.amount{font-weight:700;font-size:1.25rem}
.field{margin-bottom:1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input,select{width:100%;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:.25rem;background:#fff}
input.short{max-width:10rem}
[aria-invalid="true"]{border:2px solid #b91c1c}
.error{margin:0 0 .25rem;color:#b91c1c;font-weight:600}
.error-summary{margin-bottom:1rem;padding:.75rem;border-left:4px solid #b91c1c;background:#fef2f2}
.error-summary p{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.5rem}
button,.button{display:inline-block;padding:.625rem 1rem;font:inherit;font-weight:600;border:1px solid #374151;border-radius:.25rem;background:#fff;color:#1a1a1a;text-decoration:none;cursor:pointer}
.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.375rem;border-bottom:1px solid #e5e7eb}
td:first-child{font-family:ui-monospace,monospace;white-space:nowrap}
.test-cards{margin-top:2rem}
`;
