import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TestStack } from './stack.js';

/** Debian's Chromium (`apt-get install chromium`); browser tests are skipped, saying so, without it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * Opens the operator console at `hash` and signs in with the stack's key, checking the strict CSP
 * and that the key is kept in the tab's sessionStorage, never in the address bar.
 */
export async function signInToConsole(page: Page, stack: TestStack, hash = ''): Promise<void> {
  const response = await page.goto(`${stack.url}/console${hash}`);
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  await page.getByLabel('API key').fill(stack.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  // Stored once the API accepted it.
  await expect.poll(() => page.evaluate('sessionStorage.length'), { timeout: 30_000 }).toBe(1);
  expect(page.url()).not.toContain(stack.apiKey);
}

/** A web site on its own origin (127.0.0.1:PORT) serving one HTML page at `/`. */
export interface HostSite {
  origin: string;
  setPage(html: string): void;
  close(): Promise<void>;
}

export async function startHostSite(): Promise<HostSite> {
  let page = '<!doctype html><title>empty</title>';
  const server: Server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setPage: (html) => {
      page = html;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
