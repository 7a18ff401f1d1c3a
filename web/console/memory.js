// Long-term memory: one agent's memories (of one end user, or of all), newest first, with edit and
// delete, and a search over one end user's memories as the memory_search tool ranks them.
import { agents, api, el, errorText, field, render, when } from './ui.js';

/**
 * One memory with its actions (and its score, in search results). `changed(id, memory, notice)` is
 * told about an edit (the updated memory) or a delete (null), so every card of it on the page follows.
 */
function memoryCard(m, changed, score) {
  const status = el('p', { class: 'error', role: 'alert' });
  const editor = el('textarea', { rows: 3, maxlength: 2000, 'aria-label': `New content of ${m.id}` });
  editor.value = m.content;
  const busy = (on) => {
    for (const b of card.querySelectorAll('button')) b.disabled = on;
  };
  const send = async (method, body) => {
    status.textContent = '';
    busy(true);
    const r = await api(method, `/v1/memories/${encodeURIComponent(m.id)}`, body);
    busy(false);
    if (!r.ok) status.textContent = errorText(r);
    return r;
  };
  const editBox = el(
    'div',
    { class: 'edit', hidden: true },
    editor,
    el(
      'div',
      { class: 'actions' },
      el(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: async () => {
            const content = editor.value.trim();
            if (!content) return void (status.textContent = 'A memory cannot be empty.');
            const r = await send('PATCH', { content });
            if (r.ok) changed(m.id, r.body, 'Memory saved.');
          },
        },
        'Save',
      ),
      el('button', { type: 'button', onclick: () => toggle(editBox, false) }, 'Cancel'),
    ),
  );
  const confirmBox = el(
    'div',
    { class: 'actions confirm', hidden: true },
    el('span', {}, 'Delete this memory? The agent will no longer recall it.'),
    el(
      'button',
      {
        type: 'button',
        class: 'deny',
        onclick: async () => {
          const r = await send('DELETE');
          if (r.ok) changed(m.id, null, 'Memory deleted.');
        },
      },
      'Delete memory',
    ),
    el('button', { type: 'button', onclick: () => toggle(confirmBox, false) }, 'Keep'),
  );
  const toggle = (box, open) => {
    box.hidden = !open;
    if (open && box === editBox) editor.focus();
  };
  const card = el(
    'article',
    { class: 'card memory', 'data-memory-id': m.id, 'data-score': score },
    el('p', { class: 'content' }, m.content),
    el(
      'div',
      { class: 'meta' },
      score !== undefined ? el('span', { class: 'score' }, `score ${score.toFixed(4)}`) : null,
      el('span', {}, `end user ${m.endUserId}`),
      el('span', { class: 'updated' }, `updated ${when(m.updatedAt)}`),
      el('span', {}, `created ${when(m.createdAt)}`),
      m.generationId
        ? el(
            'span',
            {},
            'saved by ',
            el('a', { href: `#/generations/${encodeURIComponent(m.generationId)}` }, m.generationId),
          )
        : null,
      el('span', {}, m.id),
    ),
    el(
      'div',
      { class: 'actions' },
      el('button', { type: 'button', onclick: () => toggle(editBox, editBox.hidden) }, 'Edit'),
      el('button', { type: 'button', class: 'deny', onclick: () => toggle(confirmBox, true) }, 'Delete'),
    ),
    editBox,
    confirmBox,
    status,
  );
  return card;
}

export async function memoriesPage(params) {
  const agentId = params.get('agentId') ?? '';
  const endUserId = params.get('endUserId') ?? '';
  const choices = await agents();
  const notice = el('p', { class: 'muted', role: 'status' });
  const form = el(
    'form',
    {
      class: 'filters',
      onsubmit: (e) => {
        e.preventDefault();
        const q = new URLSearchParams({ agentId: form.agentId.value });
        if (form.endUserId.value.trim()) q.set('endUserId', form.endUserId.value.trim());
        location.hash = `#/memories?${q}`;
      },
    },
    field(
      'Agent',
      el(
        'select',
        { id: 'm-agent', name: 'agentId', required: true },
        el('option', { value: '' }, 'Choose an agent'),
        (choices.list ?? []).map((a) =>
          el('option', { value: a.id, selected: a.id === agentId }, `${a.name} (${a.id})`),
        ),
      ),
    ),
    field(
      'End user id',
      el('input', { id: 'm-user', name: 'endUserId', value: endUserId, placeholder: 'user-1042 (all when empty)' }),
    ),
    el('button', { type: 'submit', class: 'primary' }, 'Show memories'),
  );
  const body = [el('h1', {}, 'Memory'), form, notice];
  if (choices.error) body.push(el('p', { class: 'error' }, choices.error));
  if (!agentId) {
    body.push(el('p', { class: 'muted' }, 'Choose an agent, and an end user, to see what the agent remembers.'));
    return render(body);
  }

  const list = el('div', { class: 'memories', 'aria-label': 'Memories' });
  const results = el('div', { 'aria-live': 'polite' });
  const error = el('p', { class: 'error', role: 'alert' });
  const more = el('button', { type: 'button', hidden: true }, 'Load more');
  // An edit or delete: every card of that memory (in the list and in search results) follows.
  const changed = (id, memory, message) => {
    for (const card of document.querySelectorAll('.memory')) {
      if (card.dataset.memoryId !== id) continue;
      const score = card.dataset.score === undefined ? undefined : Number(card.dataset.score);
      if (memory) card.replaceWith(memoryCard(memory, changed, score));
      else card.remove();
    }
    notice.textContent = message;
    if (!list.querySelector('.memory')) list.replaceChildren(el('p', { class: 'muted' }, 'No memories.'));
  };
  let cursor = null;
  const load = async () => {
    const q = new URLSearchParams({ agentId, limit: '20' });
    if (endUserId) q.set('endUserId', endUserId);
    if (cursor) q.set('cursor', cursor);
    const r = await api('GET', `/v1/memories?${q}`);
    if (!r.ok) return void (error.textContent = errorText(r));
    list.append(...r.body.data.map((m) => memoryCard(m, changed)));
    if (!list.children.length) list.append(el('p', { class: 'muted' }, 'No memories.'));
    cursor = r.body.nextCursor;
    more.hidden = !cursor;
  };
  more.addEventListener('click', () => void load());
  body.push(el('h2', {}, endUserId ? `Memories of ${endUserId}` : 'Memories of every end user'), error, list, more);

  if (endUserId) {
    const searchError = el('p', { class: 'error', role: 'alert' });
    const query = el('input', { id: 'm-query', name: 'query', type: 'search', maxlength: 2000, required: true });
    const limit = el('input', { id: 'm-limit', name: 'limit', type: 'number', min: 1, max: 20, value: 5 });
    const search = el(
      'form',
      {
        class: 'filters',
        role: 'search',
        'aria-label': 'Search memories',
        onsubmit: async (e) => {
          e.preventDefault();
          searchError.textContent = '';
          const r = await api('POST', '/v1/memories/search', {
            agentId,
            endUserId,
            query: query.value,
            limit: Number(limit.value),
          });
          if (!r.ok) return void (searchError.textContent = errorText(r));
          const hits = r.body.data.map((m) => memoryCard(m, changed, m.score));
          results.replaceChildren(
            el(
              'p',
              { class: 'muted', role: 'status' },
              `${hits.length} ${hits.length === 1 ? 'memory' : 'memories'} found`,
            ),
            el('div', { class: 'memory-hits', 'aria-label': 'Memory search results' }, hits),
          );
        },
      },
      el('div', { class: 'grow' }, el('label', { for: 'm-query' }, 'Query'), query),
      field('Results', limit),
      el('button', { type: 'submit', class: 'primary' }, 'Search'),
    );
    body.push(el('h2', {}, 'Search'), search, searchError, results);
  }
  render(body);
  await load();
}
