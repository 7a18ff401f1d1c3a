import { RE2JS } from 're2js';

/**
 * Regular expressions written by tenants (guardrails, MATCHES rule conditions). They run on the API
 * thread, on the worker's event loop and inside the workflow sandbox, on text of up to hundreds of
 * KB: a backtracking engine could be made to spin there for minutes (`(a+)+$`). RE2 (re2js, pure
 * JS and deterministic, so it also runs in the sandbox) matches in time linear in the text, and
 * refuses what needs backtracking: backreferences and lookaround. Patterns use RE2 syntax.
 */

export const MAX_USER_REGEX_LENGTH = 1000;
/**
 * RE2 program instructions. Matching costs at worst (text length × program size), so this bounds
 * the per-character cost; counted repetitions expand (`[a-z]{900}` is ~900 instructions).
 */
export const MAX_USER_REGEX_PROGRAM_SIZE = 1000;

/**
 * Sum of the program sizes of one list of patterns matched against the same text (an agent's
 * blockPatterns or requireToolFor, a rule hook's MATCHES conditions): the worst case of one
 * evaluation is (text length × this), so the bound is per list, not only per pattern.
 */
export const MAX_USER_REGEX_TOTAL_PROGRAM_SIZE = 1000;

/** The rules of a user regular expression that JSON Schema cannot state, as the document words them. */
export const USER_REGEX_RULE = `RE2 syntax (no backreferences or lookaround), at most ${MAX_USER_REGEX_PROGRAM_SIZE} RE2 instructions for each pattern and for all the patterns of one list together (a literal character is about one, a counted repetition multiplies); a pattern that breaks these rules is refused with 422.`;

export interface UserRegexOptions {
  ignoreCase?: boolean;
}

const cache = new Map<string, RE2JS | Error>();

function compileCached(pattern: string, ignoreCase: boolean): RE2JS | Error {
  const key = `${ignoreCase ? 'i' : '-'}${pattern}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    try {
      compiled = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
      if (compiled.programSize() > MAX_USER_REGEX_PROGRAM_SIZE) {
        compiled = new Error(
          `too complex (${compiled.programSize()} RE2 instructions, at most ${MAX_USER_REGEX_PROGRAM_SIZE}); shorten counted repetitions`,
        );
      }
    } catch (err) {
      compiled = err instanceof Error ? err : new Error(String(err));
    }
    // Patterns come from stored configuration: keep the cache bounded.
    if (cache.size >= 2000) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}

function explain(pattern: string, err: Error): string {
  // RE2's own messages for these ("invalid named capture", "invalid escape sequence") do not say why.
  if (/\(\?<?[=!]/.test(pattern))
    return 'lookahead and lookbehind assertions ((?=, (?!, (?<=, (?<!) are not supported (RE2 syntax)';
  if (/\\[1-9]|\\k</.test(pattern)) return 'backreferences (\\1, \\k<name>) are not supported (RE2 syntax)';
  return err.message.replace(/^error parsing regexp: /, '');
}

/** Why a pattern cannot be used (for a 422 when it is written), or null when it is fine. */
export function userRegexProblem(pattern: string): string | null {
  const shown = JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 100)}…` : pattern);
  if (pattern.length > MAX_USER_REGEX_LENGTH)
    return `regular expression ${shown} is longer than ${MAX_USER_REGEX_LENGTH} characters`;
  // Both flag sets: case folding can change the program size.
  for (const ignoreCase of [false, true]) {
    const compiled = compileCached(pattern, ignoreCase);
    if (compiled instanceof Error) return `invalid regular expression ${shown}: ${explain(pattern, compiled)}`;
  }
  return null;
}

/** The larger RE2 program size of a valid pattern (either flag set); 0 for one that does not compile. */
export function userRegexProgramSize(pattern: string): number {
  if (pattern.length > MAX_USER_REGEX_LENGTH) return 0;
  return Math.max(
    ...[false, true].map((ignoreCase) => {
      const compiled = compileCached(pattern, ignoreCase);
      return compiled instanceof Error ? 0 : compiled.programSize();
    }),
  );
}

/** Why a list of patterns matched against the same text is too costly together, or null. */
export function userRegexListProblem(patterns: readonly string[]): string | null {
  const total = patterns.reduce((sum, p) => sum + userRegexProgramSize(p), 0);
  if (total <= MAX_USER_REGEX_TOTAL_PROGRAM_SIZE) return null;
  return `these regular expressions are too complex together (${total} RE2 instructions, at most ${MAX_USER_REGEX_TOTAL_PROGRAM_SIZE})`;
}

/**
 * Whether the pattern matches somewhere in the text (like RegExp#test). A pattern that does not
 * compile (stored before RE2 validation) matches nothing, as broken patterns always did.
 */
export function userRegexTest(pattern: string, text: string, options: UserRegexOptions = {}): boolean {
  if (pattern.length > MAX_USER_REGEX_LENGTH) return false;
  const compiled = compileCached(pattern, options.ignoreCase ?? false);
  return compiled instanceof Error ? false : compiled.test(text);
}
