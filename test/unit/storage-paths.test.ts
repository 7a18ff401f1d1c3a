import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../infra/crypto/secrets.js';
import { downloadUrl, signDownload, verifyDownload } from '../../infra/storage/download-url.js';
import { checkStoragePath } from '../../infra/storage/paths.js';

describe('storage paths', () => {
  it.each([
    ['..', /"\." or "\.\."/],
    ['a/../b', /"\." or "\.\."/],
    ['./a', /"\." or "\.\."/],
    ['/etc/passwd', /relative/],
    ['C:/Windows', /relative/],
    ['a\\..\\b', /"\/"/],
    ['%2e%2e/x', /%/],
    ['a/%2fb', /%/],
    ['a\0b', /NUL/],
    ['a//b', /empty segment/],
    ['a/', /empty segment/],
    ['', /non-empty/],
    ['a/b:c', /characters/],
    ['a/\nb', /characters/],
    ['x'.repeat(1025), /longer/],
    [Array(40).fill('a').join('/'), /deeper/],
  ])('refuses %j', (path, message) => {
    expect(() => checkStoragePath(path)).toThrow(message);
  });

  it('accepts ordinary relative paths, unicode included', () => {
    expect(checkStoragePath('reports/2026/Résumé final (v2).md')).toEqual(['reports', '2026', 'Résumé final (v2).md']);
    expect(checkStoragePath('.hidden..name')).toEqual(['.hidden..name']);
  });
});

describe('signed download URLs', () => {
  const box = createSecretBox(randomBytes(32), 'k1');
  const ticket = { project: 'prj_a', bucket: 'default', path: 'a/b.png', expires: 2_000_000_000 };

  it('verify accepts the signature and refuses any change of project, bucket, path, expiry or key', () => {
    const sig = signDownload(box, ticket);
    expect(verifyDownload(box, ticket, sig)).toBe(true);
    expect(verifyDownload(box, { ...ticket, project: 'prj_b' }, sig)).toBe(false);
    expect(verifyDownload(box, { ...ticket, bucket: 'other' }, sig)).toBe(false);
    expect(verifyDownload(box, { ...ticket, path: 'a/c.png' }, sig)).toBe(false);
    expect(verifyDownload(box, { ...ticket, expires: ticket.expires + 1 }, sig)).toBe(false);
    expect(verifyDownload(createSecretBox(randomBytes(32), 'k1'), ticket, sig)).toBe(false);
    expect(verifyDownload(box, ticket, sig.slice(1))).toBe(false);
    // Field boundaries are unambiguous: moving a character between fields changes the signature.
    expect(verifyDownload(box, { ...ticket, project: 'prj_a\ndefault', bucket: '' }, sig)).toBe(false);
  });

  it('builds an absolute URL with PUBLIC_API_URL, else a path on the API', () => {
    expect(downloadUrl(box, ticket, 'https://agents.example.com/')).toMatch(
      /^https:\/\/agents\.example\.com\/v1\/storage\/download\?project=prj_a&bucket=default&path=a%2Fb\.png&expires=2000000000&signature=/,
    );
    expect(downloadUrl(box, ticket, undefined)).toMatch(/^\/v1\/storage\/download\?/);
  });

  it('a URL naming a storage tool (S3 backend) is signed for another purpose and binds the tool', () => {
    const withTool = { ...ticket, tool: 'tool_s3' };
    const sig = signDownload(box, withTool);
    expect(verifyDownload(box, withTool, sig)).toBe(true);
    expect(verifyDownload(box, { ...withTool, tool: 'tool_other' }, sig)).toBe(false);
    // Neither kind verifies as the other, even when the fields line up.
    expect(verifyDownload(box, ticket, sig)).toBe(false);
    expect(verifyDownload(box, withTool, signDownload(box, ticket))).toBe(false);
    expect(verifyDownload(box, { ...ticket, tool: '' }, signDownload(box, ticket))).toBe(false);
    expect(new URL(downloadUrl(box, withTool, 'https://a.example')).searchParams.get('tool')).toBe('tool_s3');
    expect(new URL(downloadUrl(box, ticket, 'https://a.example')).searchParams.has('tool')).toBe(false);
  });
});
