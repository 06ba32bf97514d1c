/**
 * Reading the gateway's OpenAPI document for the API documentation page: its operations grouped by tag (one tag per
 * service), their parameters, and an example value made from a schema (following `$ref`s into the components).
 */
import { api } from '../../store/api';

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  description?: string;
  deprecated?: boolean;
}

interface MediaTypes {
  content?: Record<string, { schema?: SchemaObject }>;
}

export interface OperationObject {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: SchemaObject }[];
  requestBody?: MediaTypes & { required?: boolean };
  responses?: Record<string, MediaTypes & { description?: string }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  operation: OperationObject;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations by tag, in the document's tag order, each list sorted by path then method. */
export function operationsByTag(
  doc: OpenApiDocument,
): { tag: string; description?: string; operations: OperationView[] }[] {
  const groups = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'api';
      const list = groups.get(tag) ?? [];
      list.push({ id: `${method}-${path}`.replace(/[^A-Za-z0-9-]+/g, '-'), method, path, operation });
      groups.set(tag, list);
    }
  }
  const order = (doc.tags ?? []).map((t) => t.name);
  const names = [...groups.keys()].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  return names.map((tag) => ({
    tag,
    description: doc.tags?.find((t) => t.name === tag)?.description,
    operations: groups.get(tag)!,
  }));
}

/** The JSON schema of a request body or response, if it has one. */
export function jsonSchemaOf(part: MediaTypes | undefined): SchemaObject | undefined {
  const content = part?.content;
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

const sampleStrings: Record<string, string> = {
  'date-time': '2026-01-01T12:00:00.000Z',
  date: '2026-01-01',
  email: 'ornek@meydan.app',
  uri: 'https://meydan.app',
  binary: '<dosya>',
};

/** An example value for a schema: its example, default, first enum value, or a plain value of its type. */
export function exampleOf(schema: SchemaObject | undefined, doc: OpenApiDocument, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return exampleOf(doc.components?.schemas?.[name], doc, depth + 1);
  }
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return exampleOf(choice.find((c) => c.type !== 'null') ?? choice[0], doc, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // Fields kept only for old clients (accepted, ignored) stay out of the examples.
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        if (!value.deprecated) out[key] = exampleOf(value, doc, depth + 1);
      return out;
    }
    case 'array':
      return [exampleOf(schema.items, doc, depth + 1)];
    case 'string':
      return sampleStrings[schema.format ?? ''] ?? 'metin';
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

export const openApiDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    openApiDocument: build.query<OpenApiDocument, void>({ query: () => '/openapi.json' }),
  }),
});

export const { useOpenApiDocumentQuery } = openApiDocsApi;
