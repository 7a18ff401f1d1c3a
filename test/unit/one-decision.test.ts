import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * docs/architecture.md: "Adding a stop rule is an edit to decideReply." The ways a reply can end a
 * run are named in contracts/generation/ only (decide-reply.ts, and outcome.ts for the one rule the
 * final write reads); the loop, the activities and the API act on the decision, never restate it.
 */
describe('one place decides how a reply ends the run', () => {
  const replyStopReasons = /'(final_answer|max_steps|stop_condition|doom_loop|done_tool)'/;

  it('no module outside the generation contract names a reply’s stop reason', () => {
    const offenders = ['workflows', 'activities', 'domain', 'api']
      .flatMap(sources)
      .filter((file) => replyStopReasons.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the contract names them in decide-reply.ts (and the tool-call end in outcome.ts)', () => {
    const named = sources('contracts/generation').filter((file) => replyStopReasons.test(readFileSync(file, 'utf8')));
    expect(named.sort()).toEqual(['contracts/generation/decide-reply.ts', 'contracts/generation/outcome.ts']);
  });
});
