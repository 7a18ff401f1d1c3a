import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import { createLimits } from '../../api/generations/start.js';
import { DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS } from '../../infra/generations/waiting.js';

/** PROJECT_MAX_RUNNING_GENERATIONS (docs/adr/0050): a bound that is always on. */
describe('PROJECT_MAX_RUNNING_GENERATIONS', () => {
  it('defaults to 100 and reaches the limits a generation is created with', () => {
    const env = loadConfig({}, 'dev');
    expect(env.PROJECT_MAX_RUNNING_GENERATIONS).toBe(100);
    expect(DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS).toBe(100);
    expect(createLimits(env).maxRunningGenerations).toBe(100);
    expect(loadConfig({ PROJECT_MAX_RUNNING_GENERATIONS: '7' }, 'dev').PROJECT_MAX_RUNNING_GENERATIONS).toBe(7);
  });

  it('has no "off": 0, a negative or a fraction is refused naming the variable; empty is the default', () => {
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ PROJECT_MAX_RUNNING_GENERATIONS: value }, 'dev')).toThrow(ConfigError);
      expect(() => loadConfig({ PROJECT_MAX_RUNNING_GENERATIONS: value }, 'dev')).toThrow(
        /PROJECT_MAX_RUNNING_GENERATIONS/,
      );
    }
    expect(loadConfig({ PROJECT_MAX_RUNNING_GENERATIONS: '' }, 'dev').PROJECT_MAX_RUNNING_GENERATIONS).toBe(100);
  });
});
