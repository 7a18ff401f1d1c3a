// Durable Agents operator console: plain ES modules, no build step. Every action is a call to the
// public API with the signed-in key (its policy decides what works); the key lives in sessionStorage.
// This module signs in, shows the approvals inbox and routes to the other pages' modules.
import { deadlineFacts } from './deadlines.js';
import { generationPage, generationsPage } from './generations.js';
import { knowledgeBasePage, knowledgeBasesPage } from './knowledge.js';
import { memoriesPage } from './memory.js';
import { schedulePage, schedulesPage } from './schedules.js';
import { SignedOut, api, badge, el, errorText, json, leavePage, render, session, when, whenSignedOut } from './ui.js';

const $ = (id) => document.getElementById(id);
// ---- sign in -------------------------------------------------------------------------------------
function signOut(message = '') {
  session.key = null;
  route();
  $('sign-in-error').textContent = message;
}
whenSignedOut(signOut);
$('sign-out').addEventListener('click', () => signOut());
$('sign-in-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const candidate = $('api-key').value.trim();
  const res = await fetch('/v1/generations?limit=1', { headers: { authorization: `Bearer ${candidate}` } });
  if (res.status === 401) {
    $('sign-in-error').textContent = 'This API key is not valid.';
    return;
  }
  session.key = candidate;
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
      deadlineFacts(a),
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

// ---- routing -------------------------------------------------------------------------------------
async function route() {
  leavePage();
  const signedIn = Boolean(session.key);
  $('sign-in').hidden = signedIn;
  $('nav').hidden = !signedIn;
  if (!signedIn) {
    render([]);
    $('api-key').focus();
    return;
  }
  const [path, query = ''] = (location.hash.slice(1) || '/approvals').split('?');
  for (const a of document.querySelectorAll('nav a'))
    a.toggleAttribute('aria-current', path.startsWith(a.getAttribute('href').slice(1)));
  for (const a of document.querySelectorAll('nav a[aria-current]')) a.setAttribute('aria-current', 'page');
  try {
    const params = new URLSearchParams(query);
    const generation = /^\/generations\/([^/]+)$/.exec(path);
    const knowledgeBase = /^\/knowledge\/([^/]+)$/.exec(path);
    const schedule = /^\/schedules\/([^/]+)$/.exec(path);
    if (generation) await generationPage(decodeURIComponent(generation[1]));
    else if (path === '/generations') await generationsPage(params);
    else if (knowledgeBase) await knowledgeBasePage(decodeURIComponent(knowledgeBase[1]));
    else if (path === '/knowledge') await knowledgeBasesPage();
    else if (path === '/memories') await memoriesPage(params);
    else if (schedule) await schedulePage(decodeURIComponent(schedule[1]));
    else if (path === '/schedules') await schedulesPage();
    else await approvalsPage();
  } catch (err) {
    if (!(err instanceof SignedOut)) render([el('p', { class: 'error' }, `Something went wrong: ${err.message}`)]);
  }
}

window.addEventListener('hashchange', () => void route());
void route();
