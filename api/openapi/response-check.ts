import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from './document.js';
import type { AnyRouteSpec } from './spec.js';

/**
 * The check of a response against the OpenAPI document itself (NODE_ENV=test, api/routing.ts): the
 * JSON Schema a client or a fuzzer reads, with every restatement of a refinement (if/then/else,
 * allOf, propertyNames, the integer bounds) that the zod response schema does not carry. A body
 * the zod schema accepts but the document refuses is a write/read mismatch the fuzzer would report
 * (ST108); this makes it fail in the suite.
 */
export interface DocumentProblem {
  path: string;
  message: string;
  schemaPath: string;
}

const DOC_ID = 'https://durable-agents.invalid/openapi.json';

let ajv: Ajv2020 | null = null;
const validators = new Map<string, ValidateFunction>();

/** One JSON-pointer segment as a URI fragment part (`/v1/agents/{agentId}` → `~1v1~1agents~1%7BagentId%7D`). */
const segment = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

function documentAjv(): Ajv2020 {
  if (ajv) return ajv;
  const doc = openApiDocument() as unknown as { paths: unknown; components: unknown };
  // Formats are descriptive here (the validators enforce them); unknown keywords (example,
  // x-builtins, discriminator) are annotations.
  ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: DOC_ID, paths: doc.paths, components: doc.components });
  return ajv;
}

function validatorFor(spec: AnyRouteSpec, status: number, contentType: string): ValidateFunction | null {
  const key = `${spec.method} ${spec.path} ${status} ${contentType}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const doc = openApiDocument() as unknown as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  const content = doc.paths[spec.path]?.[spec.method]?.responses?.[String(status)]?.content?.[contentType];
  if (!content) return null;
  const pointer = ['paths', spec.path, spec.method, 'responses', String(status), 'content', contentType, 'schema']
    .map(segment)
    .join('/');
  const validate = documentAjv().compile({ $ref: `${DOC_ID}#/${pointer}` });
  validators.set(key, validate);
  return validate;
}

/**
 * Why `body`, sent as JSON with `status` by the route `spec`, does not match the document (null
 * when it does). Other media types (scripts, HTML, event streams) are not JSON Schema documents.
 */
export function documentedResponseProblems(
  spec: AnyRouteSpec,
  status: number,
  contentType: string | undefined,
  body: unknown,
): DocumentProblem[] | null {
  const type = contentType ?? 'application/json';
  if (type !== 'application/json') return null;
  const validate = validatorFor(spec, status, type);
  if (!validate) {
    return [
      {
        path: '',
        message: `${spec.method.toUpperCase()} ${spec.path} documents no ${type} body for status ${status}`,
        schemaPath: '',
      },
    ];
  }
  // What the client receives: JSON (dates as strings, undefined fields dropped).
  const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  if (validate(sent)) return null;
  return (validate.errors ?? []).map((e: ErrorObject) => ({
    path: e.instancePath,
    message: e.message ?? e.keyword,
    schemaPath: e.schemaPath,
  }));
}
