import { createServer, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * A small stateless MCP server (Streamable HTTP, a fresh SDK server per request) whose tools a
 * test registers itself; for tests that need tool behaviour server-everything does not offer.
 */
export async function startInlineMcpServer(
  register: (server: McpServer) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer(async (req, res) => {
    const server = new McpServer({ name: 'inline-test-server', version: '1.0.0' });
    register(server);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => void transport.handleRequest(req, res, body ? JSON.parse(body) : undefined));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  const port = (http.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((r) => {
        http.closeAllConnections();
        http.close(() => r());
      }),
  };
}
