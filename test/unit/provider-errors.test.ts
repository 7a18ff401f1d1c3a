import { describe, expect, it } from 'vitest';
import { sanitizeProviderText } from '../../domain/provider-client.js';

describe('provider error text shown in generation.error', () => {
  it('drops markup and control characters and caps the length', () => {
    expect(sanitizeProviderText('<b>Invalid</b>\u0007 model\r\n\t "x"')).toBe('Invalid model "x"');
    expect(sanitizeProviderText('<script>alert(1)</script>a < b')).toBe('alert(1) a b');
    const long = sanitizeProviderText('y'.repeat(100_000));
    expect(long).toBe(`${'y'.repeat(500)}…`);
    expect(sanitizeProviderText('<'.repeat(100_000))).toBe('');
  });
});
