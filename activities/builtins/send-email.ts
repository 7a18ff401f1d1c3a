import { createTransport } from 'nodemailer';
import {
  EMAIL_ADDRESS_MAX_CHARS,
  EMAIL_ADDRESS_PATTERN,
  SEND_EMAIL_MAX_BODY_CHARS,
  SEND_EMAIL_MAX_HTML_CHARS,
  SEND_EMAIL_MAX_RECIPIENTS,
  SEND_EMAIL_MAX_SUBJECT_CHARS,
  SEND_EMAIL_TIMEOUT_SECONDS,
  sendEmailConfigSchema,
} from '../../contracts/builtins/send-email.js';
import { abortWhen } from '../../infra/net/abort-when.js';
import { resolveChecked, SsrfBlockedError } from '../../infra/net/ssrf.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';

interface Email {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body?: string;
  html?: string;
}

function addresses(value: unknown, field: string, required: boolean): string[] | string {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value) || (required && value.length === 0))
    return `${field} must be a${required ? ' non-empty' : 'n'} array of e-mail addresses`;
  for (const a of value)
    if (typeof a !== 'string' || a.length > EMAIL_ADDRESS_MAX_CHARS || !EMAIL_ADDRESS_PATTERN.test(a))
      return `${field}: ${JSON.stringify(a).slice(0, 100)} is not one plain e-mail address (no names, no lists)`;
  return value as string[];
}

const optionalText = (v: unknown, field: string, max: number): string | undefined | { error: string } =>
  v === undefined
    ? undefined
    : typeof v !== 'string' || v === ''
      ? { error: `${field} must be a non-empty string` }
      : v.length > max
        ? { error: `${field} is longer than ${max} characters` }
        : v;

function readEmail(args: Record<string, unknown>): Email | string {
  const to = addresses(args.to, 'to', true);
  if (typeof to === 'string') return to;
  const cc = addresses(args.cc, 'cc', false);
  if (typeof cc === 'string') return cc;
  const bcc = addresses(args.bcc, 'bcc', false);
  if (typeof bcc === 'string') return bcc;
  if (to.length + cc.length + bcc.length > SEND_EMAIL_MAX_RECIPIENTS)
    return `at most ${SEND_EMAIL_MAX_RECIPIENTS} recipients in to, cc and bcc together`;
  const { subject } = args;
  if (typeof subject !== 'string' || subject.trim() === '') return 'subject is required (a non-empty string)';
  if (subject.length > SEND_EMAIL_MAX_SUBJECT_CHARS)
    return `subject is longer than ${SEND_EMAIL_MAX_SUBJECT_CHARS} characters`;
  // A line break would end the header and start another.
  if (/[\r\n]/.test(subject)) return 'subject must be one line';
  const body = optionalText(args.body, 'body', SEND_EMAIL_MAX_BODY_CHARS);
  if (typeof body === 'object') return body.error;
  const html = optionalText(args.html, 'html', SEND_EMAIL_MAX_HTML_CHARS);
  if (typeof html === 'object') return html.error;
  if (body === undefined && html === undefined) return 'body or html is required';
  return { to, cc, bcc, subject, ...(body !== undefined ? { body } : {}), ...(html !== undefined ? { html } : {}) };
}

/**
 * The SMTP_URL setting (already checked by PUT /v1/settings) as connection options. With
 * credentials on smtp:// the connection must become TLS (STARTTLS) before AUTH: nodemailer's
 * default falls back to plaintext when the server offers no STARTTLS, which would send the
 * password in the clear to anything on the path. Without credentials STARTTLS stays opportunistic.
 */
function smtpServer(value: string) {
  const url = new URL(value);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? {
          auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
          requireTLS: !secure,
        }
      : {}),
  };
}

/** The model's error for a failed send; a TLS failure with credentials says why nothing was sent. */
function sendFailure(err: unknown, server: ReturnType<typeof smtpServer>): BuiltinResult {
  const e = err as { message?: string; responseCode?: number; code?: string };
  const details = e.responseCode ? { responseCode: e.responseCode } : {};
  if (e.code === 'ETLS' && 'requireTLS' in server && server.requireTLS)
    return builtinError(
      `TLS is required to send the SMTP credentials, and the connection could not be secured with STARTTLS ` +
        `(${e.message ?? String(err)}): neither the credentials nor the e-mail were sent. Use a server that ` +
        `offers STARTTLS, or smtps://`,
      details,
    );
  return builtinError(`The SMTP server refused or failed: ${e.message ?? String(err)}`, details);
}

/**
 * send_email: one message through the project's SMTP server. The host goes through the tool SSRF
 * rules (as database hosts do) and nodemailer connects to the checked address, never resolving the
 * name again; TLS still verifies the certificate against the name.
 */
export async function runSendEmail(call: BuiltinCall): Promise<BuiltinResult> {
  sendEmailConfigSchema.parse(call.config);
  const email = readEmail(call.arguments);
  if (typeof email === 'string') return builtinError(email);
  const [smtpUrl, from] = await Promise.all([call.setting('SMTP_URL'), call.setting('SMTP_FROM')]);
  if (!smtpUrl || !from)
    return builtinError(
      'E-mail is not configured: set the project settings SMTP_URL (smtp:// or smtps:// URL of the server, with its credentials) and SMTP_FROM (the From address) with PUT /v1/settings/{key}',
    );
  const server = smtpServer(smtpUrl);
  const seconds = Math.min(call.tool.timeoutSeconds, SEND_EMAIL_TIMEOUT_SECONDS);
  const deadline = abortWhen([call.signal], seconds * 1000);
  try {
    const { address } = await resolveChecked(server.host, server.port, call.options.toolRules);
    const transport = createTransport({
      ...server,
      host: address,
      servername: server.host,
      connectionTimeout: seconds * 1000,
      greetingTimeout: seconds * 1000,
      socketTimeout: seconds * 1000,
      // Only the strings given here go into the message: no file or URL is ever read into it.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    const aborted = new Promise<never>((_, reject) => {
      const stop = () => reject(deadline.signal.reason as Error);
      if (deadline.signal.aborted) stop();
      deadline.signal.addEventListener('abort', stop, { once: true });
    });
    try {
      const info = await Promise.race([
        transport.sendMail({
          from,
          to: email.to,
          ...(email.cc.length ? { cc: email.cc } : {}),
          ...(email.bcc.length ? { bcc: email.bcc } : {}),
          subject: email.subject,
          ...(email.body !== undefined ? { text: email.body } : {}),
          ...(email.html !== undefined ? { html: email.html } : {}),
        }),
        aborted,
      ]);
      return builtinSuccess({
        sent: true,
        messageId: info.messageId,
        accepted: info.accepted.map(String),
        rejected: info.rejected.map(String),
      });
    } finally {
      transport.close();
    }
  } catch (err) {
    if (err instanceof SsrfBlockedError) return builtinError(err.message);
    if (deadline.timedOut)
      return {
        status: 'timeout',
        content: JSON.stringify({
          error: `Timed out after ${seconds}s: the e-mail may or may not have been sent`,
          outcome: 'unknown',
        }),
      };
    if (call.signal?.aborted) throw err;
    return sendFailure(err, server);
  } finally {
    deadline.dispose();
  }
}
