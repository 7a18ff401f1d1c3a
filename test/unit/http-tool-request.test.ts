import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpToolRequest, urlPlaceholders } from '../../contracts/http-tool-request.js';

describe('httpToolRequest', () => {
  it('fills path and query placeholders, URL-encoded; the rest is the query of a GET', () => {
    const r = httpToolRequest(
      { url: 'https://api.example/orders/{orderId}?status={status}', method: 'GET' },
      { orderId: 'a/b c', status: 'open', limit: 5 },
    );
    expect(r).toEqual({ ok: true, method: 'GET', url: 'https://api.example/orders/a%2Fb%20c?status=open&limit=5' });
  });

  it('POST, PUT and PATCH send the unused arguments as JSON or as a form', () => {
    expect(httpToolRequest({ url: 'https://x/items/{id}', method: 'PUT' }, { id: 7, name: 'n', tags: ['a'] })).toEqual({
      ok: true,
      method: 'PUT',
      url: 'https://x/items/7',
      body: '{"name":"n","tags":["a"]}',
      contentType: 'application/json',
    });
    expect(
      httpToolRequest({ url: 'https://x/items/{id}', method: 'PATCH', bodyEncoding: 'form' }, { id: 1, note: 'a&b=c' }),
    ).toMatchObject({ body: 'note=a%26b%3Dc', contentType: 'application/x-www-form-urlencoded' });
  });

  it('defaults to POST with every argument in the JSON body (the tools written before methods existed)', () => {
    expect(httpToolRequest({ url: 'https://x/run' }, { a: 1 })).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('a missing placeholder argument is an error the model sees, not a request', () => {
    expect(httpToolRequest({ url: 'https://x/orders/{orderId}', method: 'DELETE' }, {})).toEqual({
      ok: false,
      error: 'Missing argument for the URL: orderId',
    });
  });

  it('a filled value never escapes its path segment or adds query parameters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('.', '..', '%2e%2e', '../..', '?q=1', '#x')), (value) => {
        const r = httpToolRequest({ url: 'https://x/a/{v}/b', method: 'GET' }, { v: value });
        if (!r.ok) {
          expect(['.', '..']).toContain(value);
          return;
        }
        const url = new URL(r.url);
        expect(url.host).toBe('x');
        expect(url.pathname.split('/')).toHaveLength(4);
        expect(decodeURIComponent(url.pathname.split('/')[2]!)).toBe(value);
        expect([...url.searchParams.keys()]).toEqual([]);
      }),
    );
  });

  it('lists placeholders once, in order', () => {
    expect(urlPlaceholders('https://x/{a}/{b}?c={a}&d={d_1}')).toEqual(['a', 'b', 'd_1']);
  });
});
