// Shared helpers of the operator console (plain ES module, no build step): DOM building that
// only ever inserts text nodes, the API call with the signed-in key, and per-page cleanup.
const KEY_STORAGE = 'durable-agents-console-key';

/** The signed-in API key (sessionStorage of this tab only). */
export const session = {
  get key() {
    return sessionStorage.getItem(KEY_STORAGE);
  },
  set key(value) {
    if (value) sessionStorage.setItem(KEY_STORAGE, value);
    else sessionStorage.removeItem(KEY_STORAGE);
  },
};

/** Work of the current page to stop when the page changes (streams, timers). */
let cleanups = [];
export const onLeave = (stop) => void cleanups.push(stop);
export function leavePage() {
  for (const stop of cleanups) stop();
  cleanups = [];
}

/** An element; children are nodes or text (never parsed as HTML). `on…` attributes are listeners. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}
export const badge = (status) => el('span', { class: `badge ${status}` }, status.replace('_', ' '));
export const json = (v) => JSON.stringify(v, null, 2);
export const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

export function render(children) {
  document.getElementById('view').replaceChildren(...children.flat().filter(Boolean));
}

export class SignedOut extends Error {}
let signedOut = () => {};
/** What to do when the API refuses the key (set by console.js). */
export const whenSignedOut = (handler) => void (signedOut = handler);

export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: { authorization: `Bearer ${session.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 401) {
    signedOut('Your API key was refused; sign in again.');
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
export const errorText = (r) =>
  r.body && r.body.error ? `${r.body.error.message} (${r.status})` : `Request failed (${r.status})`;

/** A labelled form field: the label, then the control (given its id). */
export const field = (label, control) => el('div', {}, el('label', { for: control.id }, label), control);

/** The agents to choose from: the first 500 (names are shown, ids are sent). */
export async function agents() {
  const list = [];
  let cursor = null;
  for (let page = 0; page < 5; page++) {
    const r = await api('GET', `/v1/agents?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!r.ok) return { error: errorText(r) };
    list.push(...r.body.data);
    cursor = r.body.nextCursor;
    if (!cursor) break;
  }
  return { list };
}
