import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Dev convenience only (`npm run dev`): the generated bootstrap key is also kept in
 * DATA_DIR/bootstrap-api-key (mode 0600) so later starts can print it again. Services started on
 * their own never write it; the database only ever holds the key's hash.
 */
export function saveDevKey(dataDir: string, key: string): void {
  writeFileSync(join(dataDir, 'bootstrap-api-key'), `${key}\n`, { mode: 0o600 });
}

export function readDevKey(dataDir: string): string | null {
  const path = join(dataDir, 'bootstrap-api-key');
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}
