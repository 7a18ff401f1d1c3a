import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

/**
 * What the worker's workflow bundle evaluates once per worker and what once per run
 * (docs/performance.md). The bundler silently drops a preloaded package it considers free of side
 * effects, so these read the bundle the tests' workers run.
 */
describe('the workflow bundle', () => {
  const code = readFileSync(inject('workflowBundlePath'), 'utf8');
  /** The source webpack emitted for one module id. */
  const moduleSource = (id: string) => {
    const start = code.indexOf(`/***/ "${id}"`);
    expect(start, `module ${id} in the bundle`).toBeGreaterThanOrEqual(0);
    const next = code.indexOf('/***/ "', start + 10);
    return code.slice(start, next === -1 ? undefined : next);
  };

  it('preloads the stack-depth setting and the semantic-convention constants once per worker', () => {
    const preload = code.slice(
      code.indexOf('exports.preloadModules = function'),
      code.indexOf('exports.importWorkflows'),
    );
    expect(preload).toContain('"./workflows/preload.ts"');
    const module = moduleSource('./workflows/preload.ts');
    expect(module).toMatch(/Error\.stackTraceLimit = 0/);
    expect(module).toContain('"./node_modules/@opentelemetry/semantic-conventions/build/esm/index.js"');
  });

  it('preloads the workflow code itself and its interceptors once per worker, not once per run', () => {
    const preload = code.slice(
      code.indexOf('exports.preloadModules = function'),
      code.indexOf('exports.importWorkflows'),
    );
    expect(preload).toContain('"./workflows/index.ts"');
    expect(preload).toContain('"./workflows/trace-propagation.ts"');
  });

  it('loads the OpenTelemetry workflow interceptors only when a run traces', () => {
    const propagation = moduleSource('./workflows/trace-propagation.ts');
    expect(propagation).not.toContain('interceptors-opentelemetry');
    // The one reference is the require inside the function a traced run calls.
    expect(propagation).toMatch(
      /function loadWorkflowSpans\(\) \{[^}]*__webpack_require__\([^)]*"\.\/workflows\/workflow-spans\.ts"\)/,
    );
    expect(moduleSource('./workflows/workflow-spans.ts')).toContain('interceptors-opentelemetry');
  });
});
