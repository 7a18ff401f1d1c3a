import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { bundleWorkflows } from '../worker.js';

/**
 * Prebuilds the workflow bundle (the Dockerfile runs `npx tsx scripts/bundle-workflows.ts <out>`),
 * so the worker starts from `WORKFLOW_BUNDLE_PATH` instead of bundling the workflows at start-up.
 */
const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: tsx scripts/bundle-workflows.ts <output file>\n');
  process.exit(64); // EX_USAGE
}

const outFile = resolve(target);
const bundle = await bundleWorkflows();
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, bundle.code);
process.stdout.write(`Wrote the workflow bundle to ${outFile} (${Math.round(bundle.code.length / 1024)} KiB)\n`);
