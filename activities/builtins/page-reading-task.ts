import { untrustedTask } from '../../infra/isolation/untrusted-pool.js';
import type { PageInput, PageOutput } from './page-reading.js';

/**
 * The handle the worker passes to the untrusted-work pool. Only the pool's threads load
 * page-reading itself: its parsers (linkedom, Readability, turndown) cost every worker start about
 * 0.3 s of CPU when the main thread imported them for the handle alone.
 */
export const readPageTask = untrustedTask<PageInput, PageOutput>(
  new URL(`./page-reading${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
  'readPage',
);
