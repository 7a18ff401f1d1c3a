// Knowledge bases: the project's list, and one base's documents (status and ingestion progress,
// refreshed while any is pending or indexing) with a search box over its chunks.
import { api, badge, el, errorText, field, onLeave, render, when } from './ui.js';

const STRATEGIES = ['full_text', 'vector', 'hybrid'];
const STRATEGY_NAMES = { full_text: 'Full text', vector: 'Vector', hybrid: 'Hybrid' };
/** How often the documents are read again while one is still being ingested. */
const PROGRESS_REFRESH_MS = 1000;

/** The first `maxPages` pages of a list, newest first (the API pages by 100 at most). */
async function pages(path, maxPages) {
  const items = [];
  let cursor = null;
  for (let page = 0; page < maxPages; page++) {
    const r = await api('GET', `${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!r.ok) return { error: errorText(r) };
    items.push(...r.body.data);
    cursor = r.body.nextCursor;
    if (!cursor) break;
  }
  return { items, more: Boolean(cursor) };
}
/** Documents shown (and refreshed) on a knowledge base's page: the newest 500. */
const DOCUMENT_PAGES = 5;

const headRow = (names) =>
  el(
    'thead',
    {},
    el(
      'tr',
      {},
      names.map((h) => el('th', { scope: 'col' }, h)),
    ),
  );

export async function knowledgeBasesPage() {
  const { items, error } = await pages('/v1/knowledge-bases', 10);
  if (error) return render([el('h1', {}, 'Knowledge bases'), el('p', { class: 'error', role: 'alert' }, error)]);
  const rows = items.map((kb) =>
    el(
      'tr',
      { 'data-knowledge-base-id': kb.id },
      el('td', {}, el('a', { href: `#/knowledge/${encodeURIComponent(kb.id)}` }, kb.name)),
      el('td', {}, STRATEGY_NAMES[kb.retrievalStrategy] ?? kb.retrievalStrategy),
      el('td', {}, kb.embeddingModel),
      el('td', { class: 'num' }, kb.documentCount),
      el('td', { class: 'num' }, kb.chunkCount),
      el('td', {}, when(kb.updatedAt)),
    ),
  );
  render([
    el('h1', {}, 'Knowledge bases'),
    el(
      'table',
      {},
      headRow(['Name', 'Strategy', 'Embedding model', 'Documents', 'Chunks', 'Updated']),
      el(
        'tbody',
        {},
        rows.length ? rows : el('tr', {}, el('td', { colspan: 6, class: 'muted' }, 'No knowledge bases yet.')),
      ),
    ),
  ]);
}

/** "37 / 120 chunks" with a progress bar; a pending document has no chunk count yet. */
function progress(d) {
  if (d.status === 'pending' && !d.chunkCount) return el('span', { class: 'muted' }, 'waiting to start');
  const label = `${d.chunksIndexed} / ${d.chunkCount} chunks`;
  return el(
    'div',
    { class: 'progress' },
    el('progress', { max: Math.max(d.chunkCount, 1), value: d.chunksIndexed, 'aria-label': `${d.title}: ${label}` }),
    el('span', { class: 'chunks' }, label),
  );
}

function documentRow(d) {
  return el(
    'tr',
    { 'data-document-id': d.id, 'data-status': d.status },
    el('td', {}, d.title, el('div', { class: 'muted' }, `${d.contentType}, ${d.contentLength} characters`)),
    el('td', {}, badge(d.status), d.error ? el('div', { class: 'error' }, d.error) : null),
    el('td', {}, progress(d)),
    el('td', {}, when(d.indexedAt)),
    el('td', {}, when(d.updatedAt)),
  );
}

const rankText = (rank) => (rank === null || rank === undefined ? '—' : `#${rank}`);

function hitCard(hit, i) {
  return el(
    'li',
    { class: 'card hit', 'data-document-id': hit.documentId, 'data-chunk-index': hit.chunkIndex },
    el('h3', {}, `${i + 1}. `, hit.documentTitle),
    el(
      'div',
      { class: 'meta' },
      el('span', {}, `chunk ${hit.chunkIndex}`),
      el('span', { class: 'score' }, `score ${hit.score.toFixed(4)}`),
      el('span', { class: 'rank-full-text' }, `full-text rank ${rankText(hit.ranks.fullText)}`),
      el('span', { class: 'rank-vector' }, `vector rank ${rankText(hit.ranks.vector)}`),
      el('span', {}, `characters ${hit.startOffset}–${hit.endOffset}`),
    ),
    el('pre', { class: 'excerpt' }, hit.excerpt),
  );
}

function searchForm(kb) {
  const results = el('div', { 'aria-live': 'polite' });
  const status = el('p', { class: 'error', role: 'alert' });
  const query = el('input', { id: 'kb-query', name: 'query', type: 'search', maxlength: 2000, required: true });
  const strategy = el(
    'select',
    { id: 'kb-strategy', name: 'strategy' },
    STRATEGIES.map((s) =>
      el(
        'option',
        { value: s, selected: s === kb.retrievalStrategy },
        `${STRATEGY_NAMES[s]}${s === kb.retrievalStrategy ? ' (default)' : ''}`,
      ),
    ),
  );
  const topK = el('input', { id: 'kb-topk', name: 'topK', type: 'number', min: 1, max: 50, value: 5, required: true });
  const form = el(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': `Search ${kb.name}`,
      onsubmit: async (e) => {
        e.preventDefault();
        status.textContent = '';
        const button = form.querySelector('button');
        button.disabled = true;
        try {
          const r = await api('POST', `/v1/knowledge-bases/${encodeURIComponent(kb.id)}/search`, {
            query: query.value,
            strategy: strategy.value,
            topK: Number(topK.value),
          });
          if (!r.ok) return void (status.textContent = errorText(r));
          const { hits } = r.body;
          results.replaceChildren(
            el(
              'p',
              { class: 'muted', role: 'status' },
              `${hits.length} ${hits.length === 1 ? 'hit' : 'hits'} (${STRATEGY_NAMES[r.body.strategy] ?? r.body.strategy})`,
            ),
            el('ol', { class: 'hits', 'aria-label': 'Search results' }, hits.map(hitCard)),
          );
        } finally {
          button.disabled = false;
        }
      },
    },
    el('div', { class: 'grow' }, el('label', { for: 'kb-query' }, 'Query'), query),
    field('Strategy', strategy),
    field('Top K', topK),
    el('button', { type: 'submit', class: 'primary' }, 'Search'),
  );
  return [form, status, results];
}

export async function knowledgeBasePage(id) {
  const path = `/v1/knowledge-bases/${encodeURIComponent(id)}`;
  const kbRes = await api('GET', path);
  if (!kbRes.ok) return render([el('h1', {}, 'Knowledge base'), el('p', { class: 'error' }, errorText(kbRes))]);
  const kb = kbRes.body;
  const summary = el('div', { class: 'meta' });
  const rows = el('tbody');
  const error = el('p', { class: 'error', role: 'alert' });
  const more = el('p', { class: 'muted', hidden: true }, `Showing the newest ${DOCUMENT_PAGES * 100} documents.`);
  let left = false;
  let timer = null;
  onLeave(() => {
    left = true;
    window.clearTimeout(timer);
  });
  const showSummary = (k) =>
    summary.replaceChildren(
      el('span', {}, `${k.documentCount} documents`),
      el('span', {}, `${k.chunkCount} chunks`),
      el('span', {}, `embeddings ${k.embeddingModel}`),
      el('span', {}, `chunks of ${k.chunkSize} characters, ${k.chunkOverlap} overlap`),
      el('span', {}, `default strategy ${STRATEGY_NAMES[k.retrievalStrategy] ?? k.retrievalStrategy}`),
    );
  // Reads the documents again (and the totals) until none is pending or indexing.
  const refresh = async () => {
    const [docs, again] = await Promise.all([pages(`${path}/documents`, DOCUMENT_PAGES), api('GET', path)]);
    if (left) return;
    if (again.ok) showSummary(again.body);
    if (docs.error) error.textContent = docs.error;
    else {
      error.textContent = '';
      more.hidden = !docs.more;
      rows.replaceChildren(
        ...(docs.items.length
          ? docs.items.map(documentRow)
          : [el('tr', {}, el('td', { colspan: 5, class: 'muted' }, 'No documents yet.'))]),
      );
      if (docs.items.some((d) => d.status === 'pending' || d.status === 'indexing'))
        timer = window.setTimeout(() => void refresh(), PROGRESS_REFRESH_MS);
    }
  };
  showSummary(kb);
  render([
    el('p', {}, el('a', { href: '#/knowledge' }, '← Knowledge bases')),
    el('h1', {}, kb.name),
    kb.description ? el('p', {}, kb.description) : null,
    summary,
    el('h2', {}, 'Documents'),
    error,
    el(
      'table',
      { 'aria-label': 'Documents' },
      headRow(['Document', 'Status', 'Ingestion', 'Indexed', 'Updated']),
      rows,
    ),
    more,
    el('h2', {}, 'Search'),
    searchForm(kb),
  ]);
  await refresh();
}
