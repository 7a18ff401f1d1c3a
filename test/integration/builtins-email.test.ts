import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createAgent, createProvider, createTool, observeOf, runBuiltinCall } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

interface Received {
  envelope: { from: string; to: string[] };
  raw: string;
  /** Whether the message came over TLS (STARTTLS). */
  secure: boolean;
}

/**
 * A self-signed certificate for 127.0.0.1 (openssl), trusted by the worker through
 * NODE_EXTRA_CA_CERTS, the way an operator trusts a private SMTP server's CA.
 */
async function selfSignedCertificate(dir: string) {
  const [keyPath, certPath] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  await promisify(execFile)('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', keyPath, '-out', certPath, '-days', '2', '-subj', '/CN=127.0.0.1'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  return { certPath, key: await readFile(keyPath), cert: await readFile(certPath) };
}

/**
 * A real SMTP server (smtp-server) that takes one user and keeps every message it is given. With
 * `tls` it offers STARTTLS and takes AUTH only after it; without, it offers no STARTTLS, takes AUTH
 * in plaintext and also takes mail without AUTH.
 */
async function startSmtp(host = '127.0.0.1', tls?: { key: Buffer; cert: Buffer }) {
  const received: Received[] = [];
  let connections = 0;
  let auths = 0;
  const server = new SMTPServer({
    ...(tls ? { key: tls.key, cert: tls.cert } : { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
    authOptional: !tls,
    logger: false,
    onConnect(_session, done) {
      connections++;
      done();
    },
    onAuth(auth, _session, done) {
      auths++;
      if (auth.username === 'mailer' && auth.password === 'p@ss word') done(null, { user: 'mailer' });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          envelope: {
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((r) => r.address),
          },
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
        });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://mailer:p%40ss%20word@${host}:${port}`,
    anonymousUrl: `smtp://${host}:${port}`,
    received,
    get connections() {
      return connections;
    },
    /** AUTH commands the server was given (each carries the credentials). */
    get auths() {
      return auths;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A header of a raw message (unfolded). */
const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
};

const email = { to: ['ann@example.com'], subject: 'Order 42 shipped', body: 'Your order left the warehouse today.' };

describe('send_email in real generations', () => {
  let stack: TestStack;
  let model: ModelServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let plain: Awaited<ReturnType<typeof startSmtp>>;
  let blocked: Awaited<ReturnType<typeof startSmtp>>;
  let providerId: string;
  let certDir: string;

  beforeAll(async () => {
    certDir = await mkdtemp(join(tmpdir(), 'smtp-tls-'));
    const certificate = await selfSignedCertificate(certDir);
    // The stack's SSRF_ALLOWLIST is 127.0.0.1 (as for the other local servers); 127.0.0.3 is not in it.
    // The worker is a process of its own: NODE_EXTRA_CA_CERTS is read when a process starts.
    [stack, model, smtp, plain, blocked] = await Promise.all([
      startStack({ mode: 'processes', withoutWorker: true }),
      startModelServer(),
      startSmtp('127.0.0.1', certificate),
      startSmtp(),
      startSmtp('127.0.0.3'),
    ]);
    await stack.startWorker({ NODE_EXTRA_CA_CERTS: certificate.certPath });
    providerId = await createProvider(stack, model);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await smtp?.close();
    await plain?.close();
    await blocked?.close();
    if (certDir) await rm(certDir, { recursive: true, force: true });
  });
  beforeEach(() => model.reset());

  const configure = async (url = smtp.url) => {
    expect((await stack.api('PUT', '/v1/settings/SMTP_URL', { value: url })).status).toBe(200);
    expect((await stack.api('PUT', '/v1/settings/SMTP_FROM', { value: 'agent@shop.example' })).status).toBe(200);
  };
  const run = (args: unknown, config: Record<string, unknown> = { requireApproval: false }) =>
    runBuiltinCall(stack, model, providerId, { name: 'send_email', config }, args);

  it('is listed as approval-required; its settings take only their own values (422 otherwise), SMTP_URL is secret', async () => {
    const catalog = await stack.api('GET', '/v1/builtin-tools');
    const entry = catalog.body.data.find((b: { name: string }) => b.name === 'send_email');
    expect(entry).toMatchObject({ requiresApprovalByDefault: true, parameters: { required: ['to', 'subject'] } });
    expect(entry.config.properties.requireApproval).toBeDefined();
    for (const [key, value] of [
      ['SMTP_URL', 'http://mail.example.com'],
      ['SMTP_URL', 'smtp://mail.example.com:99999'],
      ['SMTP_URL', 'smtp://mail.example.com/?tls.rejectUnauthorized=false'],
      ['SMTP_FROM', 'Agent <agent@shop.example>'],
      ['SMTP_FROM', 'a@b.example, c@d.example'],
    ])
      expect((await stack.api('PUT', `/v1/settings/${key}`, { value })).status, `${key} ${value}`).toBe(422);
    const put = await stack.api('PUT', '/v1/settings/SMTP_URL', { value: smtp.url });
    expect(put.body).toMatchObject({ secret: true, value: null, hasValue: true });
    const row = await stack.db.projectSetting.findFirstOrThrow({ where: { key: 'SMTP_URL' } });
    expect(row.valueEncrypted).not.toContain('p%40ss');
    await stack.api('DELETE', '/v1/settings/SMTP_URL');
  });

  it('without SMTP_URL and SMTP_FROM the model gets a clear error and nothing connects', async () => {
    const before = smtp.connections;
    const { res, observe } = await run(email);
    expect(res.body.status).toBe('completed');
    expect(observe).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/not configured.*SMTP_URL.*SMTP_FROM/) },
    });
    expect(smtp.connections).toBe(before);
  });

  it('waits for approval by default: nothing is sent before it; approved, the e-mail arrives once', async () => {
    await configure();
    const toolId = await createTool(stack, { type: 'builtin', name: 'send_email' });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    const args = { ...email, cc: ['bob@example.com'], bcc: ['audit@shop.example'] };
    model.script(call('send_email', args, 'e1'), { text: 'sent' });
    const sentBefore = smtp.received.length;
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'tell ann' });
    expect(paused.body.status).toBe('requires_action');
    const approval = paused.body.requiredAction.approvals[0];
    expect(approval).toMatchObject({ toolName: 'send_email' });
    expect(smtp.received.length).toBe(sentBefore);

    const done = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approval.approvalId}`, {
      approved: true,
    });
    expect(done.body.status).toBe('completed');
    expect(observeOf(done.body, 'e1')).toMatchObject({
      status: 'success',
      result: {
        sent: true,
        accepted: ['ann@example.com', 'bob@example.com', 'audit@shop.example'],
        rejected: [],
      },
    });
    expect(smtp.received.length).toBe(sentBefore + 1);
    const got = smtp.received.at(-1)!;
    // With credentials the session was upgraded (STARTTLS) before AUTH and the message.
    expect(got.secure).toBe(true);
    expect(got.envelope).toEqual({
      from: 'agent@shop.example',
      to: ['ann@example.com', 'bob@example.com', 'audit@shop.example'],
    });
    expect(header(got.raw, 'From')).toBe('agent@shop.example');
    expect(header(got.raw, 'To')).toBe('ann@example.com');
    expect(header(got.raw, 'Cc')).toBe('bob@example.com');
    expect(header(got.raw, 'Bcc')).toBeUndefined();
    expect(header(got.raw, 'Subject')).toBe('Order 42 shipped');
    expect(got.raw).toContain('Your order left the warehouse today.');
  });

  it('denied by the reviewer: nothing is sent and the model is told', async () => {
    await configure();
    const toolId = await createTool(stack, { type: 'builtin', name: 'send_email' });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    model.script(call('send_email', email, 'e2'), { text: 'not sent' });
    const [sentBefore, connectionsBefore] = [smtp.received.length, smtp.connections];
    const paused = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'tell ann' });
    const approval = paused.body.requiredAction.approvals[0];
    const done = await stack.api('POST', `/v1/generations/${paused.body.id}/approvals/${approval.approvalId}`, {
      approved: false,
      reason: 'not today',
    });
    expect(done.body.status).toBe('completed');
    expect(observeOf(done.body, 'e2').status).toBe('denied');
    expect(smtp.received.length).toBe(sentBefore);
    expect(smtp.connections).toBe(connectionsBefore);
  });

  it('sends HTML (with the plain text as its alternative); refuses lists, header breaks and too many recipients', async () => {
    await configure();
    const html = await run({
      to: ['ann@example.com'],
      subject: 'Report',
      html: '<h1>Weekly</h1><p>All <b>green</b></p>',
    });
    expect(html.observe).toMatchObject({ status: 'success', result: { sent: true } });
    const htmlOnly = smtp.received.at(-1)!.raw;
    expect(header(htmlOnly, 'Content-Type')).toMatch(/^text\/html/);
    expect(htmlOnly).toContain('<h1>Weekly</h1><p>All <b>green</b></p>');

    model.reset();
    const both = await run({ ...email, html: '<p>Your order <i>left</i>.</p>' });
    expect(both.observe!.status).toBe('success');
    const alternative = smtp.received.at(-1)!.raw;
    expect(header(alternative, 'Content-Type')).toMatch(/^multipart\/alternative/);
    expect(alternative).toContain('Your order left the warehouse today.');
    expect(alternative).toContain('<p>Your order <i>left</i>.</p>');

    const [sentBefore, connectionsBefore] = [smtp.received.length, smtp.connections];
    const many = Array.from({ length: 26 }, (_, i) => `r${i}@example.com`);
    for (const [args, message] of [
      [{ ...email, to: ['ann@example.com, eve@evil.example'] }, /not one plain e-mail address/],
      [{ ...email, to: ['Ann <ann@example.com>'] }, /not one plain e-mail address/],
      [{ ...email, subject: 'Hi\r\nBcc: eve@evil.example' }, /one line/],
      [{ ...email, to: many, cc: many }, /at most 50 recipients/],
      [{ to: email.to, subject: 'x' }, /body or html is required/],
      [{ ...email, body: 'x'.repeat(100_001) }, /body is longer than 100000/],
    ] as const) {
      model.reset();
      const refused = await run(args);
      expect(refused.observe, JSON.stringify(args).slice(0, 80)).toMatchObject({
        status: 'error',
        result: { error: expect.stringMatching(message) },
      });
    }
    expect(smtp.received.length).toBe(sentBefore);
    expect(smtp.connections).toBe(connectionsBefore);
  });

  it('an SMTP host outside the allow-list is refused before connecting; wrong credentials are an error result', async () => {
    await configure(blocked.url);
    const refused = await run(email);
    expect(refused.observe).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/Blocked request/) },
    });
    expect(blocked.connections).toBe(0);

    await configure(smtp.url.replace('p%40ss%20word', 'wrong'));
    model.reset();
    const sentBefore = smtp.received.length;
    const denied = await run(email);
    expect(denied.observe).toMatchObject({
      status: 'error',
      result: { error: expect.stringMatching(/SMTP server refused.*Invalid username or password/), responseCode: 535 },
    });
    expect(smtp.received.length).toBe(sentBefore);
  });

  it('with credentials, a server that offers no STARTTLS gets neither the credentials nor the e-mail; the result says TLS was required', async () => {
    await configure(plain.url);
    const [sentBefore, connectionsBefore, authsBefore] = [plain.received.length, plain.connections, plain.auths];
    const { res, observe } = await run(email);
    expect(res.body.status).toBe('completed');
    expect(observe).toMatchObject({
      status: 'error',
      result: {
        error: expect.stringMatching(
          /^TLS is required to send the SMTP credentials.*STARTTLS.*neither the credentials nor the e-mail were sent/,
        ),
      },
    });
    // It did connect (the refusal is the client's, after EHLO), and it never sent AUTH.
    expect(plain.connections).toBe(connectionsBefore + 1);
    expect(plain.auths).toBe(authsBefore);
    expect(plain.received.length).toBe(sentBefore);
  });

  it('without credentials STARTTLS stays opportunistic: a server without it still gets the e-mail', async () => {
    await configure(plain.anonymousUrl);
    const [sentBefore, authsBefore] = [plain.received.length, plain.auths];
    const { observe } = await run(email);
    expect(observe).toMatchObject({ status: 'success', result: { sent: true, accepted: ['ann@example.com'] } });
    expect(plain.received.length).toBe(sentBefore + 1);
    expect(plain.received.at(-1)!.secure).toBe(false);
    expect(plain.auths).toBe(authsBefore);
  });

  it('is at-most-once: an attempt that finds the call already started sends nothing and reports the outcome unknown', async () => {
    await configure();
    const toolId = await createTool(stack, { type: 'builtin', name: 'send_email', config: { requireApproval: false } });
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [toolId] });
    // What a worker that died mid-send leaves: the start marker of the call, and no result.
    model.script(
      async () => {
        const generation = await stack.db.generation.findFirstOrThrow({ where: { agentId } });
        await stack.db.toolCallAttempt.create({ data: { generationId: generation.id, toolCallId: 'e3' } });
        return call('send_email', email, 'e3');
      },
      { text: 'checked' },
    );
    const sentBefore = smtp.received.length;
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'tell ann' });
    expect(res.body.status).toBe('completed');
    expect(observeOf(res.body, 'e3')).toMatchObject({ status: 'error', outcome: 'unknown' });
    expect(smtp.received.length).toBe(sentBefore);
  });
});
