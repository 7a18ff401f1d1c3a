import { idPrefix, type IdKind } from '../../contracts/ids.js';

/**
 * Matches an id the service mints (one of the prefixes in contracts/ids.ts followed by its first
 * token character), except the kinds in `shown` — e.g. public chat hands visitors their session
 * id and nothing else. Derived from the prefixes, so a new kind of id is covered without edits.
 */
export function internalIdPattern(shown: IdKind[] = []): RegExp {
  const prefixes = (Object.keys(idPrefix) as IdKind[]).filter((k) => !shown.includes(k)).map((k) => idPrefix[k]);
  return new RegExp(`(?:${prefixes.join('|')})[0-9A-Za-z]`);
}
