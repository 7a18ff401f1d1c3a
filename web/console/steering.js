// Steering (docs/steering.md): a box on a generation that can still take a user message, and the
// messages with where they stand — applied at a step (from the trace's user_message entries) or
// still pending (those sent from this tab: the API lists no pending messages).
import { api, badge, el, errorText, when } from './ui.js';

/** Statuses whose run still reads messages (requires_action: at the model call after the answer). */
const STEERABLE = new Set(['queued', 'running', 'requires_action']);
/** Messages sent from this tab, by generation id: the API's records, newest answer kept. */
const sent = new Map();

/** A clientMessageId (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newClientMessageId() {
  const bytes = window.crypto.getRandomValues(new Uint8Array(12));
  return `console-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function remember(record) {
  const list = sent.get(record.generationId) ?? [];
  const i = list.findIndex((m) => m.id === record.id);
  if (i >= 0) list[i] = record;
  else list.push(record);
  sent.set(record.generationId, list);
}

/** Applied messages from the trace, then this tab's messages the trace does not have yet. */
function messagesOf(g) {
  const applied = g.steps
    .filter((s) => s.type === 'user_message')
    .map((s) => ({ id: s.messageId, content: s.text ?? '', status: 'applied', appliedAtStep: s.step, at: s.at }));
  const known = new Set(applied.map((m) => m.id));
  const pending = (sent.get(g.id) ?? [])
    .filter((m) => !known.has(m.id))
    .map((m) => ({ id: m.id, content: m.content, status: m.status, appliedAtStep: m.appliedAtStep, at: m.createdAt }));
  return [...applied, ...pending];
}

function messageItem(m, ended) {
  const where =
    m.status === 'applied'
      ? `applied at step ${m.appliedAtStep}`
      : ended
        ? 'never applied: the run ended first'
        : 'waits for the next step';
  return el(
    'li',
    { class: 'card steering', 'data-message-id': m.id, 'data-status': m.status },
    el('div', { class: 'meta' }, badge(m.status), el('span', { class: 'where' }, where), el('span', {}, when(m.at))),
    el('p', { class: 'content' }, m.content),
  );
}

/** The steering part of a generation's page: `update(g)` shows it for the generation as read. */
export function steeringSection(generationId, changed) {
  const list = el('ul', { class: 'steering-list', 'aria-label': 'Steering messages' });
  const status = el('p', { class: 'error', role: 'alert' });
  const content = el('textarea', { id: 'steer-content', name: 'content', rows: 3, maxlength: 100000, required: true });
  // One id per message: a retry after a lost answer stores nothing twice.
  let draft = null;
  const form = el(
    'form',
    {
      class: 'steer',
      'aria-label': 'Send a steering message',
      onsubmit: async (e) => {
        e.preventDefault();
        status.textContent = '';
        if (!draft || draft.content !== content.value)
          draft = { content: content.value, clientMessageId: newClientMessageId() };
        const button = form.querySelector('button');
        button.disabled = true;
        try {
          const r = await api('POST', `/v1/generations/${encodeURIComponent(generationId)}/messages`, draft);
          if (!r.ok) return void (status.textContent = errorText(r));
          remember(r.body);
          draft = null;
          content.value = '';
          changed();
        } catch (err) {
          status.textContent = `Not sent (${err.message}); sending again is safe.`;
        } finally {
          button.disabled = false;
        }
      },
    },
    el('label', { for: 'steer-content' }, 'Message for the next step'),
    content,
    el(
      'div',
      { class: 'actions' },
      el('button', { type: 'submit', class: 'primary' }, 'Send message'),
      el('span', { class: 'muted' }, "The run reads it at its next model call, after the current step's tool results."),
    ),
  );
  const section = el('section', { 'aria-label': 'Steering' }, el('h2', {}, 'Steering messages'), list, form, status);
  const update = (g) => {
    const ended = !STEERABLE.has(g.status);
    form.hidden = ended;
    const messages = messagesOf(g);
    list.replaceChildren(
      ...(messages.length
        ? messages.map((m) => messageItem(m, ended))
        : [el('li', { class: 'muted' }, ended ? 'No steering messages.' : 'None yet.')]),
    );
    section.hidden = ended && messages.length === 0;
  };
  return { section, update };
}
