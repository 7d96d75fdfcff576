import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { compileErrors, validate } from "@readme/openapi-parser";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { escapeHtml } from "@/src/lib/html";
import { openApiRouter } from "../backend/api/openapi-routes";
import { defineEndpoint, type EndpointDefinition, MUTATING_METHODS } from "./define";
import {
  ANTI_FORGERY_HEADER,
  buildOpenApiDocument,
  type OpenApiDocument,
  type OperationObject,
  openApiMethod,
} from "./openapi";
import { contract } from "./registry";

type ValidatorInput = Parameters<typeof validate>[0];

/**
 * Fails with the validator's messages when the document is invalid. Older parser versions throw instead
 * of answering `{ valid: false }`; a throw fails the test as well.
 */
async function expectValidOpenApi(document: unknown): Promise<void> {
  // The validator dereferences in place; a copy keeps the document under test untouched.
  const result = await validate(structuredClone(document) as ValidatorInput);
  expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  expect(result.specification).toBe("OpenAPI");
}

function operationOf(document: OpenApiDocument, endpoint: EndpointDefinition): OperationObject {
  const operation = document.paths[endpoint.path]?.[openApiMethod(endpoint.method)];
  if (!operation) throw new Error(`${endpoint.method} ${endpoint.path} is missing from the document`);
  return operation;
}

const endpoints: readonly EndpointDefinition[] = contract;

describe("buildOpenApiDocument", () => {
  const document = buildOpenApiDocument(contract, { version: "1.2.3", serverUrl: "https://example.test" });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    await expectValidOpenApi(document);
  });

  it("is recognised as invalid when broken, so the validity check can fail", async () => {
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, object>> };
    const [path, pathItem] = Object.entries(broken.paths)[0]!;
    broken.paths[path] = Object.fromEntries(
      Object.entries(pathItem).map(([method, operation]) => [method, { ...operation, responses: "none" }]),
    );
    const result = await validate(broken as unknown as ValidatorInput).catch(() => ({ valid: false }));
    expect(result.valid).toBe(false);
  });

  it("describes every endpoint of the contract under its path and method", () => {
    for (const endpoint of endpoints) {
      const operation = operationOf(document, endpoint);
      expect(operation.summary).toBe(endpoint.summary);
      expect(operation.tags).toEqual([endpoint.slice]);
      expect(operation.operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
    const operationCount = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    expect(operationCount).toBe(endpoints.length);
  });

  it("gives each operation a unique operationId", () => {
    const ids = endpoints.map((endpoint) => operationOf(document, endpoint).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("demands the anti-forgery header on mutating endpoints and declares 403 for it", () => {
    for (const endpoint of endpoints) {
      const operation = operationOf(document, endpoint);
      const header = operation.parameters?.find(
        (parameter) => parameter.in === "header" && parameter.name === ANTI_FORGERY_HEADER,
      );
      if (MUTATING_METHODS.has(endpoint.method)) {
        expect(header?.required, `${endpoint.method} ${endpoint.path}`).toBe(true);
        expect(operation.responses).toHaveProperty("403");
      } else {
        expect(header).toBeUndefined();
      }
    }
  });

  it("declares 401 and the session cookie on endpoints for logged-in players", () => {
    for (const endpoint of endpoints.filter((candidate) => candidate.auth === "player")) {
      const operation = operationOf(document, endpoint);
      expect(operation.responses, `${endpoint.method} ${endpoint.path}`).toHaveProperty("401");
      expect(operation.security).toEqual([{ session: [] }]);
    }
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
  });

  it("answers errors as problem details and lists the endpoint's error codes", () => {
    for (const endpoint of endpoints) {
      const operation = operationOf(document, endpoint);
      expect(operation.responses).toHaveProperty("500");
      for (const [status, codes] of Object.entries(endpoint.errors ?? {})) {
        const response = operation.responses[status];
        expect(response?.content?.["application/problem+json"]?.schema).toEqual({
          $ref: "#/components/schemas/Problem",
        });
        for (const code of codes) expect(response?.description).toContain(code);
      }
    }
    expect(document.components.schemas.Problem).toMatchObject({ type: "object" });
  });

  it("derives parameters, bodies and success responses from the zod schemas", () => {
    const draws = document.paths["/api/draws/published"]?.get;
    expect(draws?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "limit", in: "query", required: false })]),
    );
    const experiment = document.paths["/api/experiments/{experimentKey}"]?.get;
    expect(experiment?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "experimentKey", in: "path", required: true }),
        expect.objectContaining({ name: "group", in: "query", required: true }),
      ]),
    );
    const login = document.paths["/api/authentication/login"]?.post;
    expect(login?.requestBody?.content["application/json"]?.schema).toMatchObject({
      required: ["email", "password"],
    });
    expect(login?.responses).toHaveProperty("413");
    expect(login?.responses).toHaveProperty("429");
    expect(document.paths["/api/authentication/logout"]?.post?.responses).toHaveProperty("204");
  });

  it("moves recursive and shared zod definitions into components so every $ref resolves", async () => {
    const TreeNode: z.ZodType<{ name: string; children: unknown[] }> = z.object({
      name: z.string(),
      get children() {
        return z.array(TreeNode);
      },
    });
    const tree = defineEndpoint({
      method: "PUT",
      path: "/api/trees/{treeId}",
      summary: "Replace a tree",
      slice: "trees",
      backend: "shop",
      auth: "player",
      params: z.object({ treeId: z.string() }),
      body: z.object({ root: TreeNode, spare: TreeNode }),
      response: TreeNode,
    });
    const treeDocument = buildOpenApiDocument([tree]);
    expect(JSON.stringify(treeDocument)).not.toMatch(/"#(\/\$defs[^"]*)?"/);
    await expectValidOpenApi(treeDocument);
  });

  it("rejects a path whose placeholders do not match its params", () => {
    const broken = defineEndpoint({
      method: "GET",
      path: "/api/things/{thingId}",
      summary: "A thing",
      slice: "things",
      backend: "shop",
      auth: "none",
      response: null,
    });
    expect(() => buildOpenApiDocument([broken])).toThrow(/thingId/);
  });
});

describe("openApiRouter", () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    const app = express();
    app.use(openApiRouter(contract));
    server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(0, "127.0.0.1", (error?: Error) =>
        error ? reject(error) : resolve(listening),
      );
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  });

  it("serves the OpenAPI document as cacheable JSON", async () => {
    const response = await fetch(`${baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const document = (await response.json()) as OpenApiDocument;
    expect(document).toEqual(buildOpenApiDocument(contract));
  });

  it("serves a script-free HTML page that lists every endpoint", async () => {
    const response = await fetch(`${baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/);
    const html = await response.text();
    expect(html).toContain("<title>Kroonloterij API</title>");
    expect(html).toContain('href="/api/openapi.json"');
    expect(html.toLowerCase()).not.toContain("<script");
    for (const endpoint of endpoints) {
      expect(html).toContain(escapeHtml(endpoint.path));
      expect(html).toContain(escapeHtml(endpoint.summary));
    }
  });

  it("escapes schema text in the page", async () => {
    const html = await (await fetch(`${baseUrl}/api/docs`)).text();
    const preBlocks = html.match(/<pre>[\s\S]*?<\/pre>/g) ?? [];
    expect(preBlocks.length).toBeGreaterThan(0);
    for (const block of preBlocks) expect(block.slice(5, -6)).not.toMatch(/[<>]/);
  });
});
