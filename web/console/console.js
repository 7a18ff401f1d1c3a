// Durable Agents operator console: plain ES module, no build step. Every action is a call to the
// public API with the signed-in key (its policy decides what works); the key lives in sessionStorage.
const KEY_STORAGE = 'durable-agents-console-key';
const $ = (id) => document.getElementById(id);
const view = $('view');
let key = sessionStorage.getItem(KEY_STORAGE);
/** Work of the current page to stop when the page changes (streams, timers). */
let pageCleanup = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}
const badge = (status) => el('span', { class: `badge ${status}` }, status.replace('_', ' '));
const json = (v) => JSON.stringify(v, null, 2);
const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

class SignedOut extends Error {}

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 401) {
    signOut('Your API key was refused; sign in again.');
    throw new SignedOut();
  }
  const text = await res.text();
  let data;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return { status: res.status, ok: res.ok, body: data };
}
const errorText = (r) =>
  r.body && r.body.error ? `${r.body.error.message} (${r.status})` : `Request failed (${r.status})`;

// ---- sign in -------------------------------------------------------------------------------------
function signOut(message = '') {
  key = null;
  sessionStorage.removeItem(KEY_STORAGE);
  route();
  $('sign-in-error').textContent = message;
}
$('sign-out').addEventListener('click', () => signOut());
$('sign-in-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const candidate = $('api-key').value.trim();
  const res = await fetch('/v1/generations?limit=1', { headers: { authorization: `Bearer ${candidate}` } });
  if (res.status === 401) {
    $('sign-in-error').textContent = 'This API key is not valid.';
    return;
  }
  key = candidate;
  sessionStorage.setItem(KEY_STORAGE, key);
  $('api-key').value = '';
  $('sign-in-error').textContent = '';
  if (!location.hash || location.hash === '#/') location.hash = '#/approvals';
  else route();
});

// ---- a small JSON Schema check for edited arguments (the server checks them fully too) ----------
function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}
function schemaProblems(schema, value, path = 'arguments') {
  if (!schema || typeof schema !== 'object') return [];
  const problems = [];
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number')))
      return [`${path} must be ${types.join(' or ')}, not ${t}`];
  }
  if (schema.enum && !schema.enum.some((x) => JSON.stringify(x) === JSON.stringify(value)))
    problems.push(`${path} must be one of ${schema.enum.map((x) => JSON.stringify(x)).join(', ')}`);
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${path} is too short`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${path} is too long`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path} must be ≥ ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path} must be ≤ ${schema.maximum}`);
  }
  if (typeOf(value) === 'object') {
    for (const name of schema.required || []) if (!(name in value)) problems.push(`${path}.${name} is required`);
    const props = schema.properties || {};
    for (const [name, v] of Object.entries(value)) {
      if (props[name]) problems.push(...schemaProblems(props[name], v, `${path}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${path}.${name} is not allowed`);
    }
  }
  if (Array.isArray(value) && schema.items && !Array.isArray(schema.items))
    value.forEach((v, i) => problems.push(...schemaProblems(schema.items, v, `${path}[${i}]`)));
  return problems;
}

/** Parses the editor's text: the arguments, or the problems that keep them from being sent. */
export function checkArguments(text, schema) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { problems: [`Invalid JSON: ${err.message}`] };
  }
  if (typeOf(value) !== 'object') return { problems: ['The arguments must be a JSON object'] };
  const problems = schemaProblems(schema, value);
  return problems.length ? { problems } : { value };
}

// ---- approvals inbox -----------------------------------------------------------------------------
function countdown(expiresAt) {
  const span = el('span', { class: 'countdown' });
  const tick = () => {
    const s = Math.round((new Date(expiresAt).getTime() - Date.now()) / 1000);
    if (s <= 0) span.textContent = 'expired';
    else {
      const d = Math.floor(s / 86400);
      const h = Math.floor((s % 86400) / 3600);
      const m = Math.floor((s % 3600) / 60);
      const sec = String(s % 60).padStart(2, '0');
      span.textContent = `expires in ${d ? `${d}d ` : ''}${d || h ? `${h}h ` : ''}${m}:${sec}`;
    }
  };
  tick();
  const timer = setInterval(tick, 1000);
  pageCleanup.push(() => clearInterval(timer));
  return span;
}

function requester(a) {
  if (a.requestedBy.channel === 'public_chat') return 'a public chat visitor';
  return a.requestedBy.apiKeyId ? `API key ${a.requestedBy.apiKeyId}` : 'unknown';
}

function approvalCard(a, refresh) {
  const status = el('p', { class: 'error', role: 'alert' });
  const decide = async (body) => {
    status.textContent = '';
    for (const b of card.querySelectorAll('button')) b.disabled = true;
    const r = await api('POST', `/v1/generations/${a.generationId}/approvals/${a.id}`, { ...body, async: true });
    if (r.ok) return refresh(`${body.approved ? 'Approved' : 'Denied'} ${a.toolName}.`);
    for (const b of card.querySelectorAll('button')) b.disabled = false;
    status.textContent = errorText(r);
  };
  const reason = el('input', {
    type: 'text',
    placeholder: 'Reason (optional)',
    'aria-label': `Reason for ${a.toolName}`,
  });
  const editor = el('textarea', {
    rows: 6,
    'aria-label': `Edited arguments of ${a.toolName} (JSON)`,
    spellcheck: 'false',
  });
  editor.value = json(a.arguments);
  const editBox = el(
    'div',
    { class: 'edit', hidden: true },
    el('label', {}, 'Arguments (JSON)'),
    editor,
    a.toolParameters
      ? el('details', {}, el('summary', {}, 'Tool schema'), el('pre', {}, json(a.toolParameters)))
      : null,
    el(
      'div',
      { class: 'actions' },
      el(
        'button',
        {
          type: 'button',
          class: 'approve',
          'data-action': 'approve-edited',
          onclick: () => {
            const checked = checkArguments(editor.value, a.toolParameters);
            if (checked.problems) {
              status.textContent = checked.problems.join('; ');
              editor.setAttribute('aria-invalid', 'true');
              editor.focus();
              return;
            }
            editor.removeAttribute('aria-invalid');
            void decide({
              approved: true,
              arguments: checked.value,
              ...(reason.value ? { reason: reason.value } : {}),
            });
          },
        },
        'Approve with these arguments',
      ),
    ),
  );
  const card = el(
    'article',
    { class: 'card approval', 'data-approval-id': a.id, 'aria-labelledby': `t-${a.id}` },
    el('h3', { id: `t-${a.id}` }, a.toolName, ' ', badge(a.status)),
    el(
      'div',
      { class: 'meta' },
      el('span', {}, 'generation ', el('a', { href: `#/generations/${a.generationId}` }, a.generationId)),
      el('span', {}, `agent ${a.agentId}`),
      el('span', {}, `requested by ${requester(a)}`),
      el('span', {}, `requested ${when(a.requestedAt)}`),
      a.status === 'pending'
        ? countdown(a.expiresAt)
        : el('span', {}, `decided ${when(a.decidedAt)} by ${a.decidedBy ?? 'the system'}`),
    ),
    el('pre', { class: 'arguments' }, json(a.editedArguments ?? a.arguments)),
    a.reason ? el('p', { class: 'muted' }, `Reason: ${a.reason}`) : null,
  );
  if (a.status === 'pending') {
    card.append(
      el(
        'div',
        { class: 'actions' },
        el(
          'button',
          {
            type: 'button',
            class: 'approve',
            'data-action': 'approve',
            onclick: () => decide({ approved: true, ...(reason.value ? { reason: reason.value } : {}) }),
          },
          'Approve',
        ),
        reason,
        el(
          'button',
          {
            type: 'button',
            class: 'deny',
            'data-action': 'deny',
            onclick: () => decide({ approved: false, ...(reason.value ? { reason: reason.value } : {}) }),
          },
          'Deny',
        ),
        el(
          'button',
          {
            type: 'button',
            'data-action': 'edit',
            'aria-expanded': 'false',
            onclick: (e) => {
              editBox.hidden = !editBox.hidden;
              e.currentTarget.setAttribute('aria-expanded', String(!editBox.hidden));
              if (!editBox.hidden) editor.focus();
            },
          },
          'Edit arguments',
        ),
      ),
      editBox,
    );
  }
  card.append(status);
  return card;
}

async function approvalsPage(notice = '') {
  const [pending, recent] = await Promise.all([
    api('GET', '/v1/approvals?status=pending&limit=100'),
    api('GET', '/v1/approvals?limit=20'),
  ]);
  const refresh = (message) => approvalsPage(message);
  const body = [el('h1', {}, 'Approvals'), el('p', { class: 'muted', role: 'status' }, notice)];
  if (!pending.ok) body.push(el('p', { class: 'error' }, errorText(pending)));
  else {
    const list = pending.body.data.sort((x, y) => x.expiresAt.localeCompare(y.expiresAt));
    body.push(el('h2', {}, `Pending (${list.length})`));
    body.push(
      list.length
        ? list.map((a) => approvalCard(a, refresh))
        : el('p', { class: 'muted' }, 'Nothing waits for a decision.'),
    );
  }
  if (recent.ok) {
    const decided = recent.body.data.filter((a) => a.status !== 'pending');
    if (decided.length)
      body.push(
        el('h2', {}, 'Recently decided'),
        decided.map((a) => approvalCard(a, refresh)),
      );
  }
  render(body);
}

// ---- generations ---------------------------------------------------------------------------------
const STATUSES = ['', 'queued', 'running', 'requires_action', 'completed', 'failed', 'cancelled'];

async function generationsPage(params) {
  const status = params.get('status') ?? '';
  const agentId = params.get('agentId') ?? '';
  const form = el(
    'form',
    {
      class: 'filters',
      role: 'search',
      onsubmit: (e) => {
        e.preventDefault();
        const q = new URLSearchParams();
        if (form.status.value) q.set('status', form.status.value);
        if (form.agentId.value.trim()) q.set('agentId', form.agentId.value.trim());
        location.hash = `#/generations${q.size ? `?${q}` : ''}`;
      },
    },
    el(
      'div',
      {},
      el('label', { for: 'f-status' }, 'Status'),
      el(
        'select',
        { id: 'f-status', name: 'status' },
        STATUSES.map((s) => el('option', { value: s, selected: s === status }, s || 'any')),
      ),
    ),
    el(
      'div',
      {},
      el('label', { for: 'f-agent' }, 'Agent id'),
      el('input', { id: 'f-agent', name: 'agentId', value: agentId, placeholder: 'agt_…' }),
    ),
    el('button', { type: 'submit', class: 'primary' }, 'Filter'),
  );
  const rows = el('tbody');
  const more = el('button', { type: 'button', hidden: true }, 'Load more');
  const table = el(
    'table',
    {},
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        ['Generation', 'Agent', 'Status', 'Stop reason', 'Created'].map((h) => el('th', { scope: 'col' }, h)),
      ),
    ),
    rows,
  );
  const error = el('p', { class: 'error', role: 'alert' });
  let cursor = null;
  const load = async () => {
    const q = new URLSearchParams({ limit: '20' });
    if (status) q.set('status', status);
    if (agentId) q.set('agentId', agentId);
    if (cursor) q.set('cursor', cursor);
    const r = await api('GET', `/v1/generations?${q}`);
    if (!r.ok) return void (error.textContent = errorText(r));
    for (const g of r.body.data)
      rows.append(
        el(
          'tr',
          {},
          el('td', {}, el('a', { href: `#/generations/${g.id}` }, g.id)),
          el('td', {}, g.agentId),
          el('td', {}, badge(g.status)),
          el('td', {}, g.stopReason ?? ''),
          el('td', {}, when(g.createdAt)),
        ),
      );
    if (!rows.children.length)
      rows.append(el('tr', {}, el('td', { colspan: 5, class: 'muted' }, 'No generations match.')));
    cursor = r.body.nextCursor;
    more.hidden = !cursor;
  };
  more.addEventListener('click', () => void load());
  render([el('h1', {}, 'Generations'), form, error, table, more]);
  await load();
}

/** Steps grouped by step number: the generation's trace as a tree. */
function traceTree(g) {
  const byStep = new Map();
  for (const s of g.steps) byStep.set(s.step, [...(byStep.get(s.step) ?? []), s]);
  const describe = (s) => {
    if (s.type === 'act') return `${s.toolName}(${JSON.stringify(s.arguments ?? {})})`;
    if (s.type === 'observe')
      return `${s.toolName ?? ''} → ${s.status ?? ''} ${JSON.stringify(s.result ?? s.error ?? null).slice(0, 300)}`;
    if (s.type === 'approval')
      return `${s.toolName ?? ''} ${s.status ?? ''}${s.decidedBy ? ` by ${s.decidedBy}` : ''}${s.reason ? ` — ${s.reason}` : ''}`;
    if (s.type === 'hook') return `${s.event ?? ''} ${s.decision ?? ''} ${s.reason ?? s.error ?? ''}`;
    return s.text ?? '';
  };
  return el(
    'ul',
    { class: 'tree', 'aria-label': 'Trace' },
    el(
      'li',
      {},
      `${g.id} (${g.status})`,
      el(
        'ul',
        {},
        [...byStep.entries()].map(([step, entries]) =>
          el(
            'li',
            {},
            `Step ${step}`,
            el(
              'ul',
              {},
              entries.map((s) => el('li', {}, el('strong', {}, s.type), ' ', describe(s))),
            ),
          ),
        ),
      ),
    ),
  );
}

function eventSummary(type, data) {
  if (type === 'chunk') return data.delta ?? '';
  if (type === 'tool_call') return `${data.toolName}(${JSON.stringify(data.arguments ?? {})})`;
  if (type === 'tool_result') return `${data.toolName ?? ''} ${data.status ?? ''}`;
  if (type === 'approval_requested') return `${data.toolName ?? ''} waits for a decision`;
  if (type === 'approval_resolved') return `${data.toolName ?? ''} ${data.status ?? data.decision ?? ''}`;
  if (type === 'requires_action') return data.requiredAction?.type ?? '';
  if (type === 'done') return data.generation?.status ?? '';
  if (type === 'error') return data.error?.message ?? '';
  return data.step !== undefined ? `step ${data.step}` : '';
}

/** Follows the generation's events (SSE over fetch, so the key travels in a header, not the URL). */
async function follow(id, timeline, onChange) {
  const controller = new AbortController();
  pageCleanup.push(() => controller.abort());
  let lastChunk = null;
  try {
    const res = await fetch(`/v1/generations/${id}/events?follow=true`, {
      headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!res.ok || !res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let type = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) type = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (!data) continue;
        const payload = JSON.parse(data);
        if (type === 'chunk' && lastChunk) {
          lastChunk.querySelector('.text').textContent += payload.delta ?? '';
          continue;
        }
        const item = el(
          'li',
          { 'data-event': type },
          el('span', { class: 'kind' }, type),
          ' ',
          el('span', { class: 'text' }, eventSummary(type, payload)),
        );
        lastChunk = type === 'chunk' ? item : null;
        timeline.append(item);
        if (['requires_action', 'approval_resolved', 'done', 'step_completed'].includes(type)) onChange();
      }
    }
  } catch (err) {
    if (err.name !== 'AbortError') timeline.append(el('li', {}, 'The live stream was interrupted; reload to resume.'));
  }
}

async function generationPage(id) {
  const summary = el('div');
  const tree = el('div');
  const timeline = el('ol', { class: 'timeline', 'aria-label': 'Live timeline', 'aria-live': 'polite' });
  const refresh = async () => {
    const r = await api('GET', `/v1/generations/${encodeURIComponent(id)}`);
    if (!r.ok) return void summary.replaceChildren(el('p', { class: 'error' }, errorText(r)));
    const g = r.body;
    summary.replaceChildren(
      ...[
        el(
          'div',
          { class: 'meta' },
          el('span', { id: 'generation-status' }, badge(g.status)),
          el('span', {}, `agent ${g.agentId}`),
          el('span', {}, `trace ${g.traceId}`),
          g.stopReason ? el('span', {}, `stop: ${g.stopReason}`) : null,
          el('span', {}, `tokens ${g.usage.totalTokens}`),
          el('span', {}, `created ${when(g.createdAt)}`),
        ),
        g.requiredAction?.type === 'approve_tool_calls'
          ? el('p', {}, el('a', { href: '#/approvals' }, 'Waiting for approval — open the inbox'))
          : null,
        g.text ? el('div', {}, el('h2', {}, 'Answer'), el('pre', { id: 'generation-text' }, g.text)) : null,
        g.error ? el('p', { class: 'error' }, `${g.error.code}: ${g.error.message}`) : null,
      ].filter(Boolean),
    );
    tree.replaceChildren(el('h2', {}, 'Trace'), traceTree(g));
  };
  render([el('h1', {}, 'Generation ', el('code', {}, id)), summary, el('h2', {}, 'Live timeline'), timeline, tree]);
  await refresh();
  void follow(id, timeline, () => void refresh());
}

// ---- routing -------------------------------------------------------------------------------------
function render(children) {
  view.replaceChildren(...children.flat().filter(Boolean));
}

async function route() {
  for (const stop of pageCleanup) stop();
  pageCleanup = [];
  const signedIn = Boolean(key);
  $('sign-in').hidden = signedIn;
  $('nav').hidden = !signedIn;
  if (!signedIn) {
    view.replaceChildren();
    $('api-key').focus();
    return;
  }
  const [path, query = ''] = (location.hash.slice(1) || '/approvals').split('?');
  for (const a of document.querySelectorAll('nav a'))
    a.toggleAttribute('aria-current', path.startsWith(a.getAttribute('href').slice(1)));
  for (const a of document.querySelectorAll('nav a[aria-current]')) a.setAttribute('aria-current', 'page');
  try {
    const match = /^\/generations\/([^/]+)$/.exec(path);
    if (match) await generationPage(decodeURIComponent(match[1]));
    else if (path === '/generations') await generationsPage(new URLSearchParams(query));
    else await approvalsPage();
  } catch (err) {
    if (!(err instanceof SignedOut)) render([el('p', { class: 'error' }, `Something went wrong: ${err.message}`)]);
  }
}

window.addEventListener('hashchange', () => void route());
void route();
