import type { temporal } from '@temporalio/proto';
import { searchAttributeKeys, searchAttributeNames } from '../../workflows/search-attributes.js';

/**
 * Registration of the generation search attributes (defined in workflows/search-attributes.ts):
 * arguments for the embedded dev server, the one-time command for a real cluster, and the check
 * the worker runs before it polls.
 */

/** `temporal server start-dev` arguments registering every attribute (all Keyword). */
export function devServerSearchAttributeArgs(): string[] {
  return Object.values(searchAttributeKeys).flatMap((k) => ['--search-attribute', `${k.name}=Keyword`]);
}

/** The one-time command an operator runs against a real cluster (printed when they are missing). */
export function registerSearchAttributesCommand(namespace: string): string {
  const names = searchAttributeNames.map((n) => `--name ${n}`).join(' ');
  return `temporal operator search-attribute create --namespace ${namespace} ${names} --type Keyword`;
}

export class MissingSearchAttributesError extends Error {
  constructor(
    readonly missing: string[],
    namespace: string,
  ) {
    super(
      `Temporal namespace "${namespace}" lacks the search attributes ${missing.join(', ')}. ` +
        `Register them once with: ${registerSearchAttributesCommand(namespace)}`,
    );
    this.name = 'MissingSearchAttributesError';
  }
}

interface OperatorService {
  listSearchAttributes(
    request: temporal.api.operatorservice.v1.IListSearchAttributesRequest,
  ): Promise<temporal.api.operatorservice.v1.IListSearchAttributesResponse>;
}

/** Throws MissingSearchAttributesError naming every attribute the namespace does not have. */
export async function assertSearchAttributesRegistered(operator: OperatorService, namespace: string): Promise<void> {
  const listed = await operator.listSearchAttributes({ namespace });
  const known = new Set(Object.keys(listed.customAttributes ?? {}));
  const missing = searchAttributeNames.filter((n) => !known.has(n));
  if (missing.length > 0) throw new MissingSearchAttributesError(missing, namespace);
}

interface OperatorAdmin {
  addSearchAttributes(
    request: temporal.api.operatorservice.v1.IAddSearchAttributesRequest,
  ): Promise<temporal.api.operatorservice.v1.IAddSearchAttributesResponse>;
}

/** Registers attributes as Keyword through the operator API (test servers; clusters use the CLI). */
export async function registerSearchAttributes(
  operator: OperatorAdmin,
  namespace: string,
  names: readonly string[] = searchAttributeNames,
): Promise<void> {
  const keyword = 2; // temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD
  await operator.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(names.map((n) => [n, keyword])),
  });
}

/**
 * Registers the attributes a namespace lacks. The dev server's `--search-attribute` only takes
 * effect when its database file is created, so a `.data/` from before needs this.
 */
export async function ensureSearchAttributes(
  operator: OperatorService & OperatorAdmin,
  namespace: string,
): Promise<void> {
  try {
    await assertSearchAttributesRegistered(operator, namespace);
  } catch (err) {
    if (!(err instanceof MissingSearchAttributesError)) throw err;
    await registerSearchAttributes(operator, namespace, err.missing);
  }
}
