import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './listen.js';
import type { LedgerEntry } from './observations.js';

/** The soak's tools: each route is a tool the workload's agents call, with its delivery class. */
export const ledgerTools = {
  read: 'at_least_once',
  notify: 'at_least_once',
  charge: 'at_most_once',
  transfer: 'at_most_once',
} as const satisfies Record<string, LedgerEntry['delivery']>;
export type LedgerTool = keyof typeof ledgerTools;

/**
 * A tool server that writes down every request it receives before it answers: the ledger the
 * delivery invariants are checked against. While `dropUntil` is ahead, it records the request and
 * then destroys the connection without answering (a tool server that drops connections).
 */
export interface LedgerServer {
  url: string;
  entries: LedgerEntry[];
  dropFor(ms: number): void;
  close(): Promise<void>;
}

export async function startLedgerServer(answerDelayMs: () => number): Promise<LedgerServer> {
  const entries: LedgerEntry[] = [];
  let dropUntil = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const tool = (req.url ?? '/').split('?')[0]!.slice(1) as LedgerTool;
      const delivery = ledgerTools[tool];
      if (!delivery) {
        res.writeHead(404).end();
        return;
      }
      let args: Record<string, unknown> = {};
      try {
        args = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // recorded with no arguments
      }
      const header = req.headers['idempotency-key'];
      const dropped = Date.now() < dropUntil;
      entries.push({
        callKey: String(args.key ?? ''),
        tool,
        delivery,
        idempotencyKey: typeof header === 'string' ? header : null,
        args,
        receivedAt: Date.now(),
        dropped,
      });
      if (dropped) {
        req.socket.destroy();
        return;
      }
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, tool, key: args.key }));
      }, answerDelayMs());
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    ...listening,
    entries,
    dropFor: (ms) => {
      dropUntil = Math.max(dropUntil, Date.now() + ms);
    },
  };
}
