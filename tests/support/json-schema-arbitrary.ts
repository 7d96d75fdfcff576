import fc from "fast-check";

/**
 * fast-check arbitraries for the JSON Schemas of an OpenAPI document: values a schema accepts, as far as
 * its keywords say (types, enums, bounds, lengths, patterns, formats, `examples`). Values that only a
 * refinement of the code would reject (a date of birth in the future) may come out too; the fuzz test
 * needs plausible input, not certainly valid input. Only the keywords zod's JSON Schema output uses are
 * understood; anything else gives arbitrary JSON.
 */
export type JsonSchema = { [keyword: string]: unknown };

/** How long generated strings and arrays get at most, so a plausible request stays small. */
const MAX_GENERATED_LENGTH = 12;
const MAX_GENERATED_ITEMS = 2;

export type SchemaContext = {
  /** The document's `components.schemas`, for `$ref`s. */
  components: Record<string, JsonSchema>;
  /** Values met under a property name elsewhere (ids from earlier answers), mixed into that property's values. */
  known?: (name: string) => readonly unknown[];
};

export function schemaArbitrary(
  schema: JsonSchema | boolean | undefined,
  context: SchemaContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema === undefined || schema === true || depth > 8) return fc.jsonValue({ maxDepth: 1 });
  if (schema === false) return fc.constant(undefined);
  const examples = Array.isArray(schema.examples) ? schema.examples : [];
  return preferring(examples, withoutExamples(schema, context, depth));
}

/** Mostly one of `values` when there are any (examples, known ids), else what the schema says. */
export function preferring<T>(values: readonly T[], generated: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return values.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 3 }, { arbitrary: generated, weight: 1 })
    : generated;
}

function withoutExamples(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const { components } = context;
  const next = (child: unknown) => schemaArbitrary(child as JsonSchema | undefined, context, depth + 1);
  if (typeof schema.$ref === "string") return next(resolveRef(schema.$ref, components));
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map(next));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => withoutExamples({ ...schema, type }, context, depth)));
  }
  switch (schema.type) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return fc.integer(bounds(schema, 1));
    case "number":
      return fc.double({ ...bounds(schema, Number.EPSILON), noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return arrayArbitrary(schema, next);
    case "object":
      return objectArbitrary(schema, next, context.known);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

export function resolveRef(ref: string, components: Record<string, JsonSchema>): JsonSchema {
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
  const target = match ? components[match[1]!] : undefined;
  if (!target) throw new Error(`Cannot resolve ${ref}`);
  return target;
}

/** The schema's range; an open end stays within 1000 of the other (or of 0), so values look like input. */
function bounds(schema: JsonSchema, step: number): { min: number; max: number } {
  const min =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + step
        : undefined;
  const max =
    typeof schema.maximum === "number"
      ? schema.maximum
      : typeof schema.exclusiveMaximum === "number"
        ? schema.exclusiveMaximum - step
        : undefined;
  const low = min ?? Math.min(-1000, (max ?? 0) - 1000);
  return { min: low, max: max ?? Math.max(1000, low + 1000) };
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      // The addresses people have, not every form RFC 5322 allows (which sites refuse as well).
      return fc.stringMatching(/^[a-z][a-z0-9.]{0,12}[a-z0-9]@[a-z]{2,12}\.(nl|com|example)$/).filter(fits);
    case "date-time":
      return isoDate().map((date) => date.toISOString());
    case "date":
      return isoDate().map((date) => date.toISOString().slice(0, 10));
  }
  if (typeof schema.pattern === "string") {
    try {
      const pattern = new RegExp(schema.pattern);
      // `\s` also matches vertical tabs and form feeds, which nobody types and the API refuses anyway.
      return fc
        .stringMatching(pattern)
        .map((value) => value.replace(/[\v\f\u0085]/g, " "))
        .filter((value) => pattern.test(value) && fits(value));
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): plain strings, mostly refused.
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, MAX_GENERATED_LENGTH)) });
}

function isoDate(): fc.Arbitrary<Date> {
  return fc.date({ min: new Date("1920-01-01"), max: new Date("2100-01-01"), noInvalidDate: true });
}

function arrayArbitrary(schema: JsonSchema, next: (child: unknown) => fc.Arbitrary<unknown>) {
  if (Array.isArray(schema.prefixItems)) return fc.tuple(...schema.prefixItems.map(next));
  const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : MAX_GENERATED_ITEMS;
  return fc.array(next(schema.items), {
    minLength,
    maxLength: Math.max(minLength, Math.min(maxItems, MAX_GENERATED_ITEMS)),
  });
}

function objectArbitrary(
  schema: JsonSchema,
  next: (child: unknown) => fc.Arbitrary<unknown>,
  known: SchemaContext["known"],
) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, child]) => [name, preferring(known?.(name) ?? [], next(child))]),
  );
  return fc.record(model, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
}
