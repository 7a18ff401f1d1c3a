// The generations list (status and agent filters) and a generation's page: its live timeline
// (the SSE events, read with fetch so the key travels in a header) and its trace grouped by step.
import { deadlineFacts } from './deadlines.js';
import { FORKABLE, forkButton, forkedFromLine } from './fork.js';
import { steeringSection } from './steering.js';
import { api, badge, el, errorText, onLeave, render, session, when } from './ui.js';

const STATUSES = ['', 'queued', 'running', 'requires_action', 'completed', 'failed', 'cancelled'];

export async function generationsPage(params) {
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

/** Steps grouped by step number: the generation's trace as a tree (a finished one forks from a step). */
function traceTree(g, forkStatus) {
  const byStep = new Map();
  for (const s of g.steps) byStep.set(s.step, [...(byStep.get(s.step) ?? []), s]);
  const describe = (s) => {
    if (s.type === 'act') return `${s.toolName}(${JSON.stringify(s.arguments ?? {})})`;
    if (s.type === 'observe')
      return `${s.toolName ?? ''} → ${s.status ?? ''} ${JSON.stringify(s.result ?? s.error ?? null).slice(0, 300)}`;
    if (s.type === 'approval')
      return `${s.toolName ?? ''} ${s.status ?? ''}${s.decidedBy ? ` by ${s.decidedBy}` : ''}${s.reason ? ` — ${s.reason}` : ''}`;
    if (s.type === 'hook') return `${s.event ?? ''} ${s.decision ?? ''} ${s.reason ?? s.error ?? ''}`;
    if (s.type === 'user_message') return `steering message: ${s.text ?? ''}`;
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
            { 'data-step': step },
            `Step ${step}`,
            FORKABLE.has(g.status) ? [' ', forkButton(g.id, step, forkStatus)] : null,
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
  if (type === 'user_message') return `step ${data.step}: ${data.content ?? ''}`;
  return data.step !== undefined ? `step ${data.step}` : '';
}

/** Follows the generation's events (SSE over fetch, so the key travels in a header, not the URL). */
async function follow(id, timeline, onChange) {
  const controller = new AbortController();
  onLeave(() => controller.abort());
  let lastChunk = null;
  try {
    const res = await fetch(`/v1/generations/${id}/events?follow=true`, {
      headers: { authorization: `Bearer ${session.key}`, accept: 'text/event-stream' },
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
        if (['requires_action', 'approval_resolved', 'done', 'step_completed', 'user_message'].includes(type))
          onChange();
      }
    }
  } catch (err) {
    if (err.name !== 'AbortError') timeline.append(el('li', {}, 'The live stream was interrupted; reload to resume.'));
  }
}

/** A paused generation's pending approvals with their deadlines (decided in the inbox). */
async function pendingApprovals(id, into) {
  const r = await api('GET', `/v1/approvals?generationId=${encodeURIComponent(id)}&status=pending&limit=100`);
  if (!r.ok) return void into.replaceChildren(el('p', { class: 'error' }, errorText(r)));
  into.replaceChildren(
    el('h2', {}, 'Waiting for approval'),
    ...r.body.data.map((a) =>
      el(
        'article',
        { class: 'card approval', 'data-approval-id': a.id },
        el('h3', {}, a.toolName, ' ', badge(a.status)),
        el('div', { class: 'meta' }, deadlineFacts(a)),
      ),
    ),
    el('p', {}, el('a', { href: '#/approvals' }, 'Decide in the approvals inbox')),
  );
}

export async function generationPage(id) {
  const summary = el('div');
  const approvals = el('div');
  const steering = steeringSection(id, () => void refresh());
  const forkStatus = el('p', { class: 'error', role: 'alert' });
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
        forkedFromLine(g.forkedFrom),
        g.text ? el('div', {}, el('h2', {}, 'Answer'), el('pre', { id: 'generation-text' }, g.text)) : null,
        g.error ? el('p', { class: 'error' }, `${g.error.code}: ${g.error.message}`) : null,
      ].filter(Boolean),
    );
    steering.update(g);
    if (g.requiredAction?.type === 'approve_tool_calls') await pendingApprovals(id, approvals);
    else approvals.replaceChildren();
    tree.replaceChildren(el('h2', {}, 'Trace'), forkStatus, traceTree(g, forkStatus));
  };
  render([
    el('h1', {}, 'Generation ', el('code', {}, id)),
    summary,
    approvals,
    steering.section,
    el('h2', {}, 'Live timeline'),
    timeline,
    tree,
  ]);
  await refresh();
  void follow(id, timeline, () => void refresh());
}
