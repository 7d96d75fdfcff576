// `npm run content-models:export [-- --migrate]`: writes the Contentful content types defined in
// content-models/ to content-models/contentful/, and with --migrate pushes and publishes them to a space
// (CONTENTFUL_MANAGEMENT_TOKEN, CONTENTFUL_SPACE_ID, optional CONTENTFUL_ENVIRONMENT, default master).
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentCatalog } from "@/blocks/registry.server";
import type { CatalogModel, ContentTypeDefinition } from "@/content-models";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = path.join(root, "content-models", "contentful");
const models: CatalogModel[] = Object.values(contentCatalog.contentModels);

async function exportDefinitions(): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const files = await Promise.all(
    models.map(async (model) => {
      const file = path.join(outDir, `${model.id}.json`);
      await writeFile(file, `${JSON.stringify(model.contentType, null, 2)}\n`);
      return file;
    }),
  );
  const all = path.join(outDir, "content-types.json");
  await writeFile(
    all,
    `${JSON.stringify(
      models.map((model) => model.contentType),
      null,
      2,
    )}\n`,
  );
  files.push(all);
  // The files are committed and linted: format them the way `biome check` expects.
  const biome = spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", ...files], {
    cwd: root,
    encoding: "utf8",
  });
  if (biome.status !== 0) console.warn(`biome format failed; run npx biome format --write ${outDir}`);
  return files;
}

// ---------------------------------------------------------------------------------------------------
// Management API

type ManagementConfig = { token: string; space: string; environment: string };

function managementConfig(): ManagementConfig {
  const token = process.env.CONTENTFUL_MANAGEMENT_TOKEN;
  const space = process.env.CONTENTFUL_SPACE_ID;
  if (!token || !space) {
    throw new Error("--migrate needs CONTENTFUL_MANAGEMENT_TOKEN and CONTENTFUL_SPACE_ID");
  }
  return { token, space, environment: process.env.CONTENTFUL_ENVIRONMENT || "master" };
}

async function cma(
  config: ManagementConfig,
  method: "GET" | "PUT",
  resource: string,
  options: { version?: number; body?: unknown } = {},
): Promise<{ status: number; json: { sys?: { version?: number } } & Record<string, unknown> }> {
  const url = `https://api.contentful.com/spaces/${config.space}/environments/${config.environment}/${resource}`;
  const response = await fetch(url, {
    method,
    headers: {
      Authorization: `Bearer ${config.token}`,
      "Content-Type": "application/vnd.contentful.management.v1+json",
      ...(options.version === undefined ? {} : { "X-Contentful-Version": String(options.version) }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const json = (await response.json().catch(() => ({}))) as { sys?: { version?: number } };
  if (!response.ok && !(method === "GET" && response.status === 404)) {
    throw new Error(`${method} ${resource}: ${response.status} ${JSON.stringify(json)}`);
  }
  return { status: response.status, json };
}

/** The current version of a resource, or undefined when it does not exist yet. */
async function currentVersion(config: ManagementConfig, resource: string): Promise<number | undefined> {
  const { status, json } = await cma(config, "GET", resource);
  return status === 404 ? undefined : json.sys?.version;
}

/**
 * Linked types first, so a `linkContentType` validation never names a type the space does not have yet
 * (self-links and cycles, e.g. section in section, are pushed in any order).
 */
function dependencyOrder(definitions: ContentTypeDefinition[]): ContentTypeDefinition[] {
  const byId = new Map(definitions.map((definition) => [definition.sys.id, definition]));
  const ordered: ContentTypeDefinition[] = [];
  const seen = new Set<string>();
  const visit = (definition: ContentTypeDefinition) => {
    if (seen.has(definition.sys.id)) return;
    seen.add(definition.sys.id);
    const json = JSON.stringify(definition.fields);
    for (const [, ids] of json.matchAll(/"linkContentType":\[([^\]]*)\]/g)) {
      for (const id of JSON.parse(`[${ids}]`) as string[]) {
        const linked = byId.get(id);
        if (linked) visit(linked);
      }
    }
    ordered.push(definition);
  };
  for (const definition of definitions) visit(definition);
  return ordered;
}

async function migrate(): Promise<void> {
  const config = managementConfig();
  const controlsById = new Map(models.map((model) => [model.id, model.editorControls]));
  for (const definition of dependencyOrder(models.map((model) => model.contentType))) {
    const resource = `content_types/${definition.sys.id}`;
    const { sys: _sys, ...body } = definition;
    const existing = await currentVersion(config, resource);
    const saved = await cma(config, "PUT", resource, { version: existing, body });
    await cma(config, "PUT", `${resource}/published`, { version: saved.json.sys?.version });

    const controls = controlsById.get(definition.sys.id) ?? [];
    if (controls.length > 0) {
      // The editor interface exists once the content type is published; PUT replaces its controls.
      const editorInterface = `${resource}/editor_interface`;
      const version = await currentVersion(config, editorInterface);
      await cma(config, "PUT", editorInterface, { version, body: { controls } });
    }
    console.log(`pushed and published ${definition.sys.id}${existing === undefined ? " (new)" : ""}`);
  }
}

const files = await exportDefinitions();
const fieldCount = models.reduce((sum, model) => sum + model.contentType.fields.length, 0);
console.log(
  `wrote ${files.length} files to ${path.relative(root, outDir)}/: ${models.length} content types, ${fieldCount} fields`,
);
for (const model of models) {
  console.log(`  ${model.id.padEnd(20)} ${model.contentType.fields.map((field) => field.id).join(", ")}`);
}
if (process.argv.includes("--migrate")) await migrate();
