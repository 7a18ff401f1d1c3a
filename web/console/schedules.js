// Scheduled generations (docs/schedules.md): the project's schedules with their state, a form to
// create one (cron or interval in a time zone, overlap policy, the generate request each run makes),
// and a schedule's page: pause/resume, trigger now, backfill a window, delete, and its recent runs.
import { agents, api, badge, el, errorText, field, json, onLeave, render, when } from './ui.js';

const OVERLAPS = {
  skip: 'Skip (default): a run due while one runs is skipped',
  buffer_one: 'Buffer one: run it after the running one',
  cancel_other: 'Cancel other: cancel the running generation',
  allow_all: 'Allow all: run both',
};
/** How often a schedule's page reads its state and runs again (runs start on Temporal's clock). */
const REFRESH_MS = 2000;
/** A notice for the next page shown (after a delete, the list says so). */
let flash = '';

const state = (s) => el('span', { class: `badge ${s.paused ? 'paused' : 'active'}` }, s.paused ? 'paused' : 'active');

/** "0 9 * * MON-FRI; every 3600 s" in its time zone. */
function specText(spec) {
  const parts = [
    ...spec.cronExpressions.map((c) => `cron ${c}`),
    ...spec.intervals.map((i) => `every ${i.everySeconds} s${i.offsetSeconds ? ` (offset ${i.offsetSeconds} s)` : ''}`),
  ];
  return `${parts.join('; ')} — ${spec.timeZone}`;
}

const promptOf = (request) => request.prompt ?? request.messages?.at(-1)?.content ?? '';

function overlapSelect(id, selected, withDefault) {
  return el(
    'select',
    { id, name: 'overlap' },
    withDefault ? el('option', { value: '' }, withDefault) : null,
    Object.entries(OVERLAPS).map(([v, label]) => el('option', { value: v, selected: v === selected }, label)),
  );
}

/** The create form; `created(schedule)` is called with the API's answer. */
function createForm(choices, created) {
  const status = el('p', { class: 'error', role: 'alert' });
  const kind = el(
    'select',
    { id: 's-kind', name: 'kind' },
    el('option', { value: 'cron' }, 'Cron expression'),
    el('option', { value: 'interval' }, 'Fixed interval'),
  );
  const cron = el('input', { id: 's-cron', name: 'cron', placeholder: '0 9 * * MON-FRI', spellcheck: 'false' });
  const every = el('input', { id: 's-every', name: 'every', type: 'number', min: 1, placeholder: '3600' });
  const cronBox = field('Cron expression', cron);
  const everyBox = field('Every (seconds)', every);
  everyBox.hidden = true;
  kind.addEventListener('change', () => {
    cronBox.hidden = kind.value !== 'cron';
    everyBox.hidden = kind.value !== 'interval';
  });
  const prompt = el('textarea', { id: 's-prompt', name: 'prompt', rows: 3, required: true, maxlength: 200000 });
  const extra = el('textarea', { id: 's-extra', name: 'extra', rows: 3, spellcheck: 'false', placeholder: '{}' });
  const form = el(
    'form',
    {
      class: 'card schedule-form',
      'aria-label': 'New schedule',
      onsubmit: async (e) => {
        e.preventDefault();
        status.textContent = '';
        let request = {};
        if (extra.value.trim()) {
          try {
            request = JSON.parse(extra.value);
          } catch (err) {
            return void (status.textContent = `Other request fields: invalid JSON (${err.message})`);
          }
          if (!request || typeof request !== 'object' || Array.isArray(request))
            return void (status.textContent = 'Other request fields must be a JSON object');
        }
        const spec = { timeZone: form.timeZone.value.trim() || 'UTC' };
        if (kind.value === 'cron') spec.cronExpressions = [cron.value.trim()];
        else spec.intervals = [{ everySeconds: Number(every.value) }];
        const body = {
          agentId: form.agentId.value,
          request: { ...request, prompt: prompt.value },
          spec,
          overlap: form.overlap.value,
          paused: form.paused.checked,
          ...(form.note.value.trim() ? { note: form.note.value.trim() } : {}),
        };
        const button = form.querySelector('button[type=submit]');
        button.disabled = true;
        try {
          const r = await api('POST', '/v1/schedules', body);
          if (!r.ok) return void (status.textContent = errorText(r));
          created(r.body);
        } finally {
          button.disabled = false;
        }
      },
    },
    el('h2', {}, 'New schedule'),
    el(
      'div',
      { class: 'filters' },
      field(
        'Agent',
        el(
          'select',
          { id: 's-agent', name: 'agentId', required: true },
          el('option', { value: '' }, 'Choose an agent'),
          (choices.list ?? []).map((a) => el('option', { value: a.id }, `${a.name} (${a.id})`)),
        ),
      ),
      field('Runs on', kind),
      cronBox,
      everyBox,
      field('Time zone', el('input', { id: 's-tz', name: 'timeZone', value: 'UTC', placeholder: 'Europe/Paris' })),
      field('Overlap policy', overlapSelect('s-overlap', 'skip')),
    ),
    field('Prompt', prompt),
    field('Other request fields (JSON, optional: metadata, variables, sessionId…)', extra),
    el(
      'div',
      { class: 'filters' },
      el('div', { class: 'grow' }, field('Note', el('input', { id: 's-note', name: 'note', maxlength: 1000 }))),
      el('label', { class: 'check' }, el('input', { type: 'checkbox', name: 'paused' }), ' Create paused'),
      el('button', { type: 'submit', class: 'primary' }, 'Create schedule'),
    ),
    choices.error ? el('p', { class: 'error' }, `Agents: ${choices.error}`) : null,
    status,
  );
  return form;
}

function scheduleRow(summary, full) {
  return el(
    'tr',
    { 'data-schedule-id': summary.id, 'data-paused': full ? String(full.paused) : null },
    el('td', {}, el('a', { href: `#/schedules/${encodeURIComponent(summary.id)}` }, summary.id)),
    el('td', {}, summary.agentId),
    el('td', { class: 'prompt' }, promptOf(summary.request).slice(0, 120)),
    el('td', {}, full ? [state(full), full.note ? el('div', { class: 'muted' }, full.note) : null] : '—'),
    el('td', {}, full ? specText(full.spec) : ''),
    el('td', {}, full?.nextRunTimes[0] ? when(full.nextRunTimes[0]) : '—'),
  );
}

export async function schedulesPage() {
  const notice = el('p', { class: 'muted', role: 'status' }, flash);
  flash = '';
  const [list, choices] = await Promise.all([api('GET', '/v1/schedules?limit=100'), agents()]);
  const rows = el('tbody');
  const error = el('p', { class: 'error', role: 'alert' });
  const load = async (items) => {
    // The list has the stored rows; each schedule's state (paused, next run) is Temporal's.
    const details = await Promise.all(items.map((s) => api('GET', `/v1/schedules/${encodeURIComponent(s.id)}`)));
    rows.replaceChildren(
      ...(items.length
        ? items.map((s, i) => scheduleRow(s, details[i].ok ? details[i].body : null))
        : [el('tr', {}, el('td', { colspan: 6, class: 'muted' }, 'No schedules yet.'))]),
    );
  };
  const form = createForm(choices, (s) => {
    flash = `Created schedule ${s.id}.`;
    location.hash = `#/schedules/${encodeURIComponent(s.id)}`;
  });
  render([
    el('h1', {}, 'Schedules'),
    notice,
    error,
    el(
      'table',
      { 'aria-label': 'Schedules' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['Schedule', 'Agent', 'Prompt', 'State', 'Runs on', 'Next run'].map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      rows,
    ),
    list.ok && list.body.nextCursor ? el('p', { class: 'muted' }, 'Showing the newest 100 schedules.') : null,
    form,
  ]);
  if (!list.ok) error.textContent = errorText(list);
  else await load(list.body.data);
}

/** The recent runs, newest first, each with its generation's status. */
async function runRows(runs) {
  const newest = [...runs].reverse();
  const generations = await Promise.all(
    newest.map((r) => (r.generationId ? api('GET', `/v1/generations/${encodeURIComponent(r.generationId)}`) : null)),
  );
  if (!newest.length) return [el('tr', {}, el('td', { colspan: 4, class: 'muted' }, 'No runs yet.'))];
  return newest.map((r, i) =>
    el(
      'tr',
      { 'data-workflow-id': r.workflowId, 'data-generation-id': r.generationId },
      el('td', {}, when(r.scheduledAt)),
      el('td', {}, when(r.startedAt)),
      el(
        'td',
        {},
        r.generationId
          ? el('a', { href: `#/generations/${encodeURIComponent(r.generationId)}` }, r.generationId)
          : el('span', { class: 'muted' }, 'starting…'),
      ),
      el('td', {}, generations[i]?.ok ? badge(generations[i].body.status) : ''),
    ),
  );
}

function backfillForm(id, done) {
  const status = el('p', { class: 'error', role: 'alert' });
  const form = el(
    'form',
    {
      class: 'filters',
      'aria-label': 'Backfill',
      onsubmit: async (e) => {
        e.preventDefault();
        status.textContent = '';
        // datetime-local is the browser's local time; the API takes instants.
        const start = new Date(form.start.value);
        const end = new Date(form.end.value);
        if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
          return void (status.textContent = 'Give the start and the end of the window.');
        const r = await api('POST', `/v1/schedules/${encodeURIComponent(id)}/backfill`, {
          start: start.toISOString(),
          end: end.toISOString(),
          ...(form.overlap.value ? { overlap: form.overlap.value } : {}),
        });
        if (!r.ok) return void (status.textContent = errorText(r));
        done(`Backfill of ${when(start.toISOString())} – ${when(end.toISOString())} started.`);
      },
    },
    field('From', el('input', { id: 'b-start', name: 'start', type: 'datetime-local', step: 1, required: true })),
    field('To', el('input', { id: 'b-end', name: 'end', type: 'datetime-local', step: 1, required: true })),
    field('Overlap', overlapSelect('b-overlap', '', 'Allow all (default for a backfill)')),
    el('button', { type: 'submit' }, 'Backfill'),
  );
  return [form, status];
}

export async function schedulePage(id) {
  const path = `/v1/schedules/${encodeURIComponent(id)}`;
  const first = await api('GET', path);
  if (!first.ok) return render([el('h1', {}, 'Schedule'), el('p', { class: 'error' }, errorText(first))]);
  const notice = el('p', { class: 'muted', role: 'status' }, flash);
  flash = '';
  const status = el('p', { class: 'error', role: 'alert' });
  const facts = el('div');
  const runs = el('tbody');
  const note = el('input', { id: 'p-note', type: 'text', placeholder: 'Note (optional)', 'aria-label': 'Pause note' });
  const toggle = el('button', { type: 'button', 'data-action': 'pause' });
  let current = first.body;
  let left = false;
  let timer = null;
  // Bumped by each action: a read that started before it is older than its answer, and dropped.
  let version = 0;
  onLeave(() => {
    left = true;
    window.clearTimeout(timer);
  });
  const show = async (s) => {
    current = s;
    facts.replaceChildren(
      el(
        'div',
        { class: 'meta' },
        el('span', { id: 'schedule-state' }, state(s)),
        el('span', {}, `agent ${s.agentId}`),
        el('span', {}, specText(s.spec)),
        el('span', {}, `overlap ${s.overlap}`),
        s.note ? el('span', { class: 'note' }, `note: ${s.note}`) : null,
        el('span', {}, `created ${when(s.createdAt)}`),
      ),
      el('h2', {}, 'Request'),
      el('pre', { class: 'request' }, json(s.request)),
      el('h2', {}, 'Next runs'),
      s.nextRunTimes.length
        ? el(
            'ul',
            { class: 'next-runs' },
            s.nextRunTimes.slice(0, 5).map((t) => el('li', {}, when(t))),
          )
        : el('p', { class: 'muted' }, s.paused ? 'Paused: nothing is due.' : 'No upcoming runs.'),
    );
    toggle.textContent = s.paused ? 'Resume' : 'Pause';
    toggle.setAttribute('data-action', s.paused ? 'resume' : 'pause');
    const rows = await runRows(s.recentRuns);
    if (!left) runs.replaceChildren(...rows);
  };
  const refresh = async () => {
    const seen = version;
    const r = await api('GET', path);
    if (left) return;
    if (r.ok && seen === version) await show(r.body);
    if (!left) timer = window.setTimeout(() => void refresh(), REFRESH_MS);
  };
  /** Runs an action, then shows the schedule it answers with. */
  const act = async (button, method, suffix, body, done) => {
    status.textContent = '';
    button.disabled = true;
    try {
      const r = await api(method, `${path}${suffix}`, body);
      version++;
      if (!r.ok) return void (status.textContent = errorText(r));
      notice.textContent = done;
      if (r.body) await show(r.body);
    } finally {
      button.disabled = false;
    }
  };
  toggle.addEventListener('click', () => {
    const pausing = !current.paused;
    const body = note.value.trim() ? { note: note.value.trim() } : {};
    void act(toggle, 'POST', pausing ? '/pause' : '/resume', body, pausing ? 'Paused.' : 'Resumed.').then(() => {
      note.value = '';
    });
  });
  const trigger = el('button', { type: 'button', 'data-action': 'trigger' }, 'Trigger now');
  trigger.addEventListener('click', () => void act(trigger, 'POST', '/trigger', undefined, 'Triggered a run.'));
  const confirmBox = el(
    'div',
    { class: 'actions', hidden: true },
    el('span', {}, 'Delete this schedule? A run in progress finishes.'),
    el(
      'button',
      {
        type: 'button',
        class: 'deny',
        onclick: async (e) => {
          const button = e.currentTarget;
          button.disabled = true;
          const r = await api('DELETE', path);
          if (!r.ok) {
            button.disabled = false;
            return void (status.textContent = errorText(r));
          }
          flash = `Deleted schedule ${id}.`;
          location.hash = '#/schedules';
        },
      },
      'Delete schedule',
    ),
    el('button', { type: 'button', onclick: () => void (confirmBox.hidden = true) }, 'Keep it'),
  );
  render([
    el('p', {}, el('a', { href: '#/schedules' }, '← Schedules')),
    el('h1', {}, 'Schedule ', el('code', {}, id)),
    notice,
    facts,
    el(
      'div',
      { class: 'actions' },
      toggle,
      note,
      trigger,
      el('button', { type: 'button', class: 'deny', onclick: () => void (confirmBox.hidden = false) }, 'Delete'),
    ),
    confirmBox,
    status,
    el('h2', {}, 'Backfill a window'),
    // The page reads the schedule again every REFRESH_MS: the backfilled runs appear there.
    backfillForm(id, (message) => void (notice.textContent = message)),
    el('h2', {}, 'Recent runs'),
    el(
      'table',
      { 'aria-label': 'Recent runs' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['Scheduled for', 'Started', 'Generation', 'Status'].map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      runs,
    ),
  ]);
  await show(current);
  timer = window.setTimeout(() => void refresh(), REFRESH_MS);
}
