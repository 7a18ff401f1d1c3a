import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, serviceRequiredVariables } from '../../config/env.js';

const KEY_32 = Buffer.alloc(32, 7).toString('base64');
const serviceEnv = {
  DATABASE_URL: 'postgres://u:p@db:5432/agents',
  TEMPORAL_ADDRESS: 'temporal:7233',
  SECRETS_KEY: KEY_32,
};

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults in dev', () => {
    const env = loadConfig({}, 'dev');
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: '.data',
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: 'durable-agents',
      SSRF_ALLOWLIST: [],
      LOG_LEVEL: 'info',
      MAX_STEPS_CAP: 100,
      MODEL_CALL_MAX_ATTEMPTS: 3,
      SECRETS_KEY_ID: 'k1',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TEMPORAL_ADDRESS).toBeUndefined();
    expect(env.SECRETS_KEY).toBeUndefined();
  });

  it('accepts the crash-test kill switch only with NODE_ENV=test', () => {
    const kill = { WORKER_TEST_KILL_AFTER_ACTIVITY: 'finishGeneration' };
    expect(loadConfig({ NODE_ENV: 'test', ...kill }, 'dev').WORKER_TEST_KILL_AFTER_ACTIVITY).toBe('finishGeneration');
    for (const NODE_ENV of ['production', 'development']) {
      expect(configError(() => loadConfig({ NODE_ENV, ...kill }, 'dev')).message).toMatch(
        /WORKER_TEST_KILL_AFTER_ACTIVITY.*NODE_ENV=test/,
      );
    }
    expect(loadConfig({}, 'dev').WORKER_TEST_KILL_AFTER_ACTIVITY).toBeUndefined();
  });

  it('coerces numbers and booleans', () => {
    const env = loadConfig({ PORT: '8080', MAX_STEPS_CAP: '250', TRUST_PROXY: 'yes', TEMPORAL_TLS: '0' }, 'dev');
    expect(env.PORT).toBe(8080);
    expect(env.MAX_STEPS_CAP).toBe(250);
    expect(env.TRUST_PROXY).toBe(1);
    expect(env.TEMPORAL_TLS).toBe(false);
  });

  it.each(['abc', '70000', '-1', '80.5'])('names PORT when it is %j', (value) => {
    const err = configError(() => loadConfig({ PORT: value }, 'dev'));
    expect(err.variable).toBe('PORT');
    expect(err.message).toContain('PORT');
  });

  it('names the variable for other bad values too', () => {
    expect(configError(() => loadConfig({ LOG_LEVEL: 'verbose' }, 'dev')).variable).toBe('LOG_LEVEL');
    expect(configError(() => loadConfig({ DATABASE_URL: 'mysql://x' }, 'dev')).variable).toBe('DATABASE_URL');
    expect(configError(() => loadConfig({ BOOTSTRAP_API_KEY: 'short' }, 'dev')).variable).toBe('BOOTSTRAP_API_KEY');
  });

  it('accepts a 32-byte base64 SECRETS_KEY', () => {
    expect(loadConfig({ SECRETS_KEY: KEY_32 }, 'dev').SECRETS_KEY).toBe(KEY_32);
    expect(loadConfig({ SECRETS_KEY: `  ${KEY_32}  ` }, 'dev').SECRETS_KEY).toBe(KEY_32);
  });

  it.each([
    ['16 bytes', Buffer.alloc(16, 1).toString('base64')],
    ['33 bytes', Buffer.alloc(33, 1).toString('base64')],
    ['a 32-byte key in hex', Buffer.alloc(32, 1).toString('hex')],
    ['a passphrase', 'correct horse battery staple'],
  ])('rejects a SECRETS_KEY of %s', (_label, value) => {
    const err = configError(() => loadConfig({ SECRETS_KEY: value }, 'dev'));
    expect(err.variable).toBe('SECRETS_KEY');
    expect(err.message).toMatch(/32 bytes/);
  });

  it('treats an empty optional variable as unset', () => {
    const env = loadConfig({ DATABASE_URL: '', SECRETS_KEY: '  ', TEMPORAL_ADDRESS: '' }, 'dev');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SECRETS_KEY).toBeUndefined();
    expect(env.TEMPORAL_ADDRESS).toBeUndefined();
  });

  it('the service role requires DATABASE_URL, TEMPORAL_ADDRESS and SECRETS_KEY', () => {
    expect(serviceRequiredVariables).toEqual(['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SECRETS_KEY']);
    expect(loadConfig(serviceEnv, 'service').DATABASE_URL).toBe(serviceEnv.DATABASE_URL);
    for (const name of serviceRequiredVariables) {
      const env: Record<string, string> = { ...serviceEnv };
      delete env[name];
      const err = configError(() => loadConfig(env, 'service'));
      expect(err.variable).toBe(name);
      expect(err.message).toContain(name);
      // The same environment is fine for dev, which provides embedded defaults.
      expect(() => loadConfig(env, 'dev')).not.toThrow();
    }
  });

  it('the service role is the default', () => {
    expect(configError(() => loadConfig({})).variable).toBe('DATABASE_URL');
  });

  it('an empty required variable counts as missing', () => {
    expect(configError(() => loadConfig({ ...serviceEnv, TEMPORAL_ADDRESS: '  ' }, 'service')).variable).toBe(
      'TEMPORAL_ADDRESS',
    );
  });

  it('splits SSRF_ALLOWLIST into a trimmed list without empty entries', () => {
    expect(loadConfig({ SSRF_ALLOWLIST: ' 127.0.0.1 , 10.0.0.0/8,,tools.internal , ' }, 'dev').SSRF_ALLOWLIST).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'tools.internal',
    ]);
    expect(loadConfig({ SSRF_ALLOWLIST: '' }, 'dev').SSRF_ALLOWLIST).toEqual([]);
  });
});

describe('loadConfig: empty values and lists', () => {
  it('treats an empty value as unset (PORT= keeps the default)', () => {
    expect(loadConfig({ PORT: '', TEMPORAL_TLS: '' }, 'dev').PORT).toBe(3000);
  });
  it('accepts booleans in any case', () => {
    expect(loadConfig({ TEMPORAL_TLS: 'TRUE' }, 'dev').TEMPORAL_TLS).toBe(true);
  });
  it('rejects a malformed SSRF_ALLOWLIST entry, naming the variable', () => {
    expect(() => loadConfig({ SSRF_ALLOWLIST: '127.0.0.1,10.0.0.0/33' }, 'dev')).toThrow(/SSRF_ALLOWLIST/);
    expect(loadConfig({ SSRF_ALLOWLIST: 'tools.internal, 10.0.0.0/8 ,::1' }, 'dev').SSRF_ALLOWLIST).toEqual([
      'tools.internal',
      '10.0.0.0/8',
      '::1',
    ]);
  });
  it('parses SECRETS_PREVIOUS_KEYS and rejects malformed pairs', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_PREVIOUS_KEYS: `k0:${key}` }, 'dev').SECRETS_PREVIOUS_KEYS).toEqual({ k0: key });
    expect(() => loadConfig({ SECRETS_PREVIOUS_KEYS: 'k0:short' }, 'dev')).toThrow(/SECRETS_PREVIOUS_KEYS/);
  });
});

describe('Worker Versioning settings', () => {
  it('take a deployment name and a build id together, auto_upgrade unless told otherwise', () => {
    const versioned = loadConfig({ TEMPORAL_DEPLOYMENT_NAME: 'agents', TEMPORAL_BUILD_ID: 'b-1' }, 'dev');
    expect(versioned).toMatchObject({
      TEMPORAL_DEPLOYMENT_NAME: 'agents',
      TEMPORAL_BUILD_ID: 'b-1',
      TEMPORAL_VERSIONING_BEHAVIOR: 'auto_upgrade',
    });
    expect(() => loadConfig({ TEMPORAL_DEPLOYMENT_NAME: 'agents' }, 'dev')).toThrow(/TEMPORAL_BUILD_ID/);
    expect(() => loadConfig({ TEMPORAL_BUILD_ID: 'b-1' }, 'dev')).toThrow(/TEMPORAL_DEPLOYMENT_NAME/);
    expect(() => loadConfig({ TEMPORAL_VERSIONING_BEHAVIOR: 'sometimes' }, 'dev')).toThrow(
      /TEMPORAL_VERSIONING_BEHAVIOR/,
    );
    expect(loadConfig({ TEMPORAL_VERSIONING_BEHAVIOR: 'pinned' }, 'dev').TEMPORAL_VERSIONING_BEHAVIOR).toBe('pinned');
  });
});
