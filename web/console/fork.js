// "Fork from this step": a new generation that replays a finished one up to a step and continues
// from there (POST /v1/generations/{id}/fork), opened once the API answers.
import { api, el, errorText } from './ui.js';

/** Statuses a fork may start from: the run is over. */
export const FORKABLE = new Set(['completed', 'failed', 'cancelled']);

export function forkButton(generationId, step, status) {
  const button = el(
    'button',
    {
      type: 'button',
      class: 'fork',
      'data-action': 'fork',
      'data-step': step,
      'aria-label': `Fork from this step: step ${step}`,
      onclick: async () => {
        status.textContent = '';
        button.disabled = true;
        try {
          const r = await api('POST', `/v1/generations/${encodeURIComponent(generationId)}/fork`, { fromStep: step });
          if (r.ok && r.body?.id) return void (location.hash = `#/generations/${encodeURIComponent(r.body.id)}`);
          status.textContent = `Fork failed: ${errorText(r)}`;
        } finally {
          button.disabled = false;
        }
      },
    },
    'Fork from this step',
  );
  return button;
}

/** "forked from agt_gen_… step 3", linking the source generation. */
export function forkedFromLine(forkedFrom) {
  if (!forkedFrom) return null;
  return el(
    'p',
    { class: 'forked-from' },
    'Forked from ',
    el('a', { href: `#/generations/${encodeURIComponent(forkedFrom.generationId)}` }, forkedFrom.generationId),
    ` step ${forkedFrom.step}`,
  );
}
