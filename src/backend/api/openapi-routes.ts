import { Router } from "express";
import type { EndpointDefinition } from "@/src/contract/define";
import {
  API_TITLE,
  buildOpenApiDocument,
  endpointNotes,
  errorCodes,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiInfo,
  type OperationObject,
  openApiMethod,
} from "@/src/contract/openapi";
import { CachePolicy } from "@/src/lib/cache-policy";
import { escapeHtml } from "@/src/lib/html";

export const OPENAPI_JSON_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/**
 * Serves the generated OpenAPI document and a readable rendering of it. Both are built once here: the
 * contract is static, so rendering per request would only cost time.
 */
export function openApiRouter(endpoints: readonly EndpointDefinition[], info?: OpenApiInfo): Router {
  const document = buildOpenApiDocument(endpoints, info);
  const json = JSON.stringify(document);
  const html = renderDocsPage(endpoints, document);
  const router = Router();
  router.get(OPENAPI_JSON_PATH, (_req, res) => {
    res.setHeader("Cache-Control", CachePolicy.reference);
    res.type("application/json").send(json);
  });
  router.get(API_DOCS_PATH, (_req, res) => {
    res.setHeader("Cache-Control", CachePolicy.reference);
    res.type("text/html; charset=utf-8").send(html);
  });
  return router;
}

/** Response descriptions are CommonMark for OpenAPI tools; only their `code` spans matter on this page. */
function markdownCodeToHtml(markdown: string): string {
  return escapeHtml(markdown).replace(/`([^`]+)`/g, "<code>$1</code>");
}

/** A static page: no scripts at all, so it works under the strict CSP and without a CDN. */
export function renderDocsPage(endpoints: readonly EndpointDefinition[], document: OpenApiDocument): string {
  const slices = groupBySlice(endpoints);
  const navigation = [...slices.keys()]
    .map((slice) => `<li><a href="#slice-${escapeHtml(slice)}">${escapeHtml(slice)}</a></li>`)
    .join("");
  const sections = [...slices].map(([slice, members]) => renderSlice(slice, members, document)).join("\n");
  const shared = renderSharedSchemas(document);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(API_TITLE)}</title>
<style>${STYLES}</style>
</head>
<body>
<header>
<h1>${escapeHtml(API_TITLE)}</h1>
<p>Version ${escapeHtml(document.info.version)}. ${escapeHtml(document.info.description)}</p>
<p>Machine-readable description: <a href="${OPENAPI_JSON_PATH}">OpenAPI 3.1 document (${OPENAPI_JSON_PATH})</a>.</p>
<nav aria-label="Slices"><ul>${navigation}</ul></nav>
</header>
<main>
${sections}
${shared}
</main>
</body>
</html>
`;
}

function groupBySlice(endpoints: readonly EndpointDefinition[]): Map<string, EndpointDefinition[]> {
  const slices = new Map<string, EndpointDefinition[]>();
  for (const endpoint of endpoints) {
    const members = slices.get(endpoint.slice) ?? [];
    members.push(endpoint);
    slices.set(endpoint.slice, members);
  }
  return slices;
}

function renderSlice(slice: string, endpoints: EndpointDefinition[], document: OpenApiDocument): string {
  const items = endpoints.map((endpoint) => renderEndpoint(endpoint, document)).join("\n");
  return `<section id="slice-${escapeHtml(slice)}">
<h2>${escapeHtml(slice)}</h2>
${items}
</section>`;
}

function renderEndpoint(endpoint: EndpointDefinition, document: OpenApiDocument): string {
  const operation = document.paths[endpoint.path]?.[openApiMethod(endpoint.method)];
  if (!operation) throw new Error(`${endpoint.method} ${endpoint.path} is missing from the document`);
  const notes = endpointNotes(endpoint).map((note) => `<li>${escapeHtml(note)}</li>`);
  const method = endpoint.method.toLowerCase();
  return `<article class="endpoint" id="${escapeHtml(operation.operationId)}">
<h3><span class="method method-${method}">${escapeHtml(endpoint.method)}</span> <code>${escapeHtml(endpoint.path)}</code></h3>
<p>${escapeHtml(endpoint.summary)} <span class="meta">(${escapeHtml(endpoint.backend)} backend, operation <code>${escapeHtml(operation.operationId)}</code>)</span></p>
${notes.length > 0 ? `<ul class="notes">${notes.join("")}</ul>` : ""}
${renderParameters(operation)}
${renderRequestBody(operation)}
${renderResponses(endpoint, operation)}
</article>`;
}

function renderParameters(operation: OperationObject): string {
  if (!operation.parameters?.length) return "";
  const rows = operation.parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td>` +
        `<td>${parameter.required ? "yes" : "no"}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
    )
    .join("");
  return `<h4>Parameters</h4>
<table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderRequestBody(operation: OperationObject): string {
  const schema = operation.requestBody?.content["application/json"]?.schema;
  return schema ? `<h4>Request body <small>application/json</small></h4>\n${renderSchema(schema)}` : "";
}

function renderResponses(endpoint: EndpointDefinition, operation: OperationObject): string {
  const rows = Object.entries(operation.responses).map(([status, response]) => {
    const codes = errorCodes(endpoint, Number(status));
    const codeList =
      codes.length > 0 ? codes.map((code) => `<code>${escapeHtml(code)}</code>`).join(", ") : "";
    const mediaType = Object.keys(response.content ?? {})[0] ?? "no content";
    return `<tr><td class="status status-${status.charAt(0)}xx">${escapeHtml(status)}</td><td>${escapeHtml(mediaType)}</td><td>${markdownCodeToHtml(response.description)}</td><td>${codeList}</td></tr>`;
  });
  const success = operation.responses["200"]?.content?.["application/json"]?.schema;
  return `<h4>Responses</h4>
<table><thead><tr><th>Status</th><th>Content type</th><th>Meaning</th><th>Error codes</th></tr></thead><tbody>${rows.join("")}</tbody></table>
${success ? `<h4>Response body <small>application/json</small></h4>\n${renderSchema(success)}` : ""}`;
}

function renderSharedSchemas(document: OpenApiDocument): string {
  const items = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<h3 id="schema-${escapeHtml(name)}"><code>${escapeHtml(name)}</code></h3>\n${renderSchema(schema)}`,
    )
    .join("\n");
  return `<section id="schemas">
<h2>Shared schemas</h2>
<p>Referenced as <code>#/components/schemas/&lt;name&gt;</code>. Every error body is a <code>Problem</code> (RFC 9457, <code>application/problem+json</code>).</p>
${items}
</section>`;
}

function renderSchema(schema: JsonSchema): string {
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

const STYLES = `
:root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --line: #d9dce1; --panel: #f6f7f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
header, main { max-width: 70rem; margin: 0 auto; padding: 1rem 1.5rem; }
header { border-bottom: 1px solid var(--line); }
nav ul { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; list-style: none; padding: 0; }
h2 { margin-top: 2.5rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--line); text-transform: capitalize; }
h3 { margin: 0 0 0.5rem; font-size: 1.1rem; }
h4 { margin: 1rem 0 0.5rem; font-size: 0.95rem; }
.endpoint { margin: 1.25rem 0; padding: 1rem 1.25rem; border: 1px solid var(--line); border-radius: 8px; }
.method { display: inline-block; min-width: 4.5rem; padding: 0.1rem 0.5rem; border-radius: 4px; color: #fff; font-size: 0.85rem; text-align: center; }
.method-get { background: #1a6fb5; }
.method-post { background: #1e7d3a; }
.method-put, .method-patch { background: #9a5b00; }
.method-delete { background: #b3261e; }
.meta, small { color: var(--muted); font-weight: normal; }
.notes { margin: 0.5rem 0; padding-left: 1.25rem; }
table { width: 100%; border-collapse: collapse; font-size: 0.9rem; }
th, td { padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
td code { word-break: break-all; }
.status-2xx { color: #1e7d3a; font-weight: 600; }
.status-4xx, .status-5xx { color: #b3261e; font-weight: 600; }
pre { margin: 0; padding: 0.75rem; overflow-x: auto; background: var(--panel); border-radius: 6px; font-size: 0.85rem; }
a { color: #1a6fb5; }
`;
