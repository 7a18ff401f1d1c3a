// An approval's deadline as the console shows it: a live countdown, the exact time, what the
// deadline decides (the hook's onExpiry, then the escalation's), and who decided it once decided.
import { el, onLeave, when } from './ui.js';

/** "expires in 1h 4:05", ticking every second until the page changes. */
export function countdown(expiresAt) {
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
  onLeave(() => clearInterval(timer));
  return span;
}

const EXPIRY_ACTIONS = {
  deny: 'deny the call',
  approve: 'approve the call',
  escalate: 'escalate to the escalation approvers',
};

/** Who decided: an API key id, or one of the deadlines (docs/approvals.md). */
export function decider(decidedBy) {
  if (decidedBy === 'system:expiry') return 'the deadline (system:expiry)';
  if (decidedBy === 'system:escalation') return 'the escalation deadline (system:escalation)';
  return decidedBy ?? 'the system';
}

/** The deadline facts of an approval view, as `.meta` spans. */
export function deadlineFacts(a) {
  const escalated = Boolean(a.escalatedAt);
  // After the escalation, the current deadline is the escalation's and decides its own way.
  const onExpiry = escalated ? a.escalationOnExpiry : a.onExpiry;
  if (a.status !== 'pending')
    return [
      el('span', { class: 'decided-by' }, `decided ${when(a.decidedAt)} by ${decider(a.decidedBy)}`),
      escalated ? el('span', { class: 'escalation' }, `escalated ${when(a.escalatedAt)}`) : null,
    ];
  return [
    countdown(a.expiresAt),
    el('span', { class: 'deadline' }, `deadline ${when(a.expiresAt)}`),
    onExpiry ? el('span', { class: 'on-expiry' }, `at the deadline: ${EXPIRY_ACTIONS[onExpiry] ?? onExpiry}`) : null,
    el(
      'span',
      { class: 'escalation' },
      escalated
        ? `escalated ${when(a.escalatedAt)}: only the escalation approvers may decide`
        : a.onExpiry === 'escalate'
          ? `not escalated yet (then: ${EXPIRY_ACTIONS[a.escalationOnExpiry] ?? a.escalationOnExpiry})`
          : 'no escalation',
    ),
  ];
}
