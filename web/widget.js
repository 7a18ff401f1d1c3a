// Durable Agents chat widget: one script tag, no build step.
//   <script src="https://agents.example.com/widget.js" data-agent="support-bot" data-key="ag_…" async></script>
// Talks only to the public chat endpoints of the server it was loaded from (or data-api).
(() => {
  'use strict';
  const script = document.currentScript;
  if (!script) return;
  const slug = script.dataset.agent;
  const key = script.dataset.key;
  const api = (script.dataset.api || new URL(script.src).origin).replace(/\/$/, '');
  if (!slug || !key) {
    console.error('durable-agents widget: data-agent and data-key are required');
    return;
  }
  const base = `${api}/v1/public/agents/${encodeURIComponent(slug)}`;
  const storageKey = `durable-agents-chat:${api}:${slug}`;
  const headers = { 'x-agent-key': key };

  /**
   * Transcript and session kept across page reloads (this browser, this site). The session id is
   * what continues the conversation on the server: the next message is sent with it.
   */
  const load = () => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) || 'null') || { messages: [], sessionId: null };
    } catch {
      return { messages: [], sessionId: null };
    }
  };
  const state = load();
  const save = () => {
    try {
      localStorage.setItem(
        storageKey,
        JSON.stringify({ messages: state.messages.slice(-100), sessionId: state.sessionId }),
      );
    } catch {
      /* storage full or blocked: the conversation still works, it is just not kept */
    }
  };

  const css = `
:host { all: initial; --da-color: #8b5cf6; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; }
* { box-sizing: border-box; }
.bubble { position: fixed; right: 20px; bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0;
  background: var(--da-color); color: #fff; cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.25); display: grid; place-items: center; z-index: 2147483000; }
.bubble:focus-visible, button:focus-visible, textarea:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.panel { position: fixed; right: 20px; bottom: 88px; width: min(380px, calc(100vw - 40px)); height: min(540px, calc(100vh - 120px));
  display: flex; flex-direction: column; background: #fff; border-radius: 14px; box-shadow: 0 10px 40px rgba(0,0,0,.25);
  overflow: hidden; z-index: 2147483000; }
.panel[hidden] { display: none; }
header { background: var(--da-color); color: #fff; padding: 12px 16px; display: flex; align-items: center; justify-content: space-between; }
header h2 { font-size: 16px; margin: 0; font-weight: 600; }
header button { background: transparent; border: 0; color: #fff; font-size: 20px; cursor: pointer; line-height: 1; }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; background: #f9fafb; }
.msg { max-width: 85%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; word-wrap: break-word; }
.msg.user { align-self: flex-end; background: var(--da-color); color: #fff; }
.msg.assistant { align-self: flex-start; background: #fff; border: 1px solid #e5e7eb; }
.msg.clarification { align-self: flex-start; background: #fffbeb; border: 2px solid #f59e0b; }
.msg.clarification .badge { display: flex; align-items: center; gap: 6px; font-size: 12px; font-weight: 700; color: #92400e; margin-bottom: 4px; }
.msg.clarification .badge span { display: inline-grid; place-items: center; width: 18px; height: 18px; border-radius: 50%; background: #f59e0b; color: #fff; }
.msg.clarification .reason { font-style: italic; color: #6b7280; font-size: 13px; margin-top: 4px; }
.msg.notice { align-self: center; background: transparent; color: #6b7280; font-size: 13px; text-align: center; }
.msg.error { align-self: center; background: #fef2f2; color: #991b1b; border: 1px solid #fecaca; font-size: 13px; }
form { display: flex; gap: 8px; padding: 10px; border-top: 1px solid #e5e7eb; background: #fff; }
textarea { flex: 1; resize: none; border: 1px solid #d1d5db; border-radius: 8px; padding: 8px; font: inherit; height: 40px; }
form button { background: var(--da-color); color: #fff; border: 0; border-radius: 8px; padding: 0 14px; font: inherit; font-weight: 600; cursor: pointer; }
form button:disabled { opacity: .5; cursor: default; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

  const host = document.createElement('div');
  host.setAttribute('data-durable-agents-widget', slug);
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet];

  const el = (tag, attrs = {}, text) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const panelId = 'da-panel';
  const bubble = el('button', {
    class: 'bubble',
    type: 'button',
    'aria-haspopup': 'dialog',
    'aria-expanded': 'false',
    'aria-controls': panelId,
    'aria-label': 'Open chat',
  });
  // A speech-bubble icon drawn as SVG (no font or image to load).
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '26');
  svg.setAttribute('height', '26');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z');
  svg.append(path);
  bubble.append(svg);
  const panel = el('section', {
    class: 'panel',
    id: panelId,
    role: 'dialog',
    'aria-modal': 'false',
    'aria-labelledby': 'da-title',
  });
  panel.hidden = true;
  const header = el('header');
  const title = el('h2', { id: 'da-title' }, 'Chat');
  const close = el('button', { type: 'button', 'aria-label': 'Close chat' }, '×');
  header.append(title, close);
  const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Conversation' });
  const form = el('form');
  const label = el('label', { for: 'da-input', class: 'sr-only' }, 'Your message');
  const input = el('textarea', { id: 'da-input', rows: '1', placeholder: 'Type a message…', maxlength: '10000' });
  const send = el('button', { type: 'submit' }, 'Send');
  form.append(label, input, send);
  panel.append(header, log, form);
  root.append(bubble, panel);

  const scroll = () => {
    log.scrollTop = log.scrollHeight;
  };
  /** One message bubble; `kind`: user, assistant, clarification, notice or error. */
  const render = (m) => {
    const node = el('div', { class: `msg ${m.kind}` });
    if (m.kind === 'clarification') {
      const badge = el('div', { class: 'badge' });
      badge.append(el('span', { 'aria-hidden': 'true' }, '?'), document.createTextNode('Assistant is asking'));
      node.append(badge, el('div', { class: 'question' }, m.text));
      if (m.reason) node.append(el('div', { class: 'reason' }, m.reason));
    } else node.textContent = m.text;
    log.append(node);
    scroll();
    return node;
  };
  const add = (m, keep = true) => {
    if (keep) {
      state.messages.push(m);
      save();
    }
    return render(m);
  };

  const setOpen = (open) => {
    panel.hidden = !open;
    bubble.setAttribute('aria-expanded', String(open));
    try {
      sessionStorage.setItem(`${storageKey}:open`, open ? '1' : '0');
    } catch {
      /* ignore */
    }
    if (open) {
      input.focus();
      scroll();
    } else bubble.focus();
  };
  bubble.addEventListener('click', () => setOpen(panel.hidden));
  close.addEventListener('click', () => setOpen(false));
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') setOpen(false);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });

  const failure = async (res) => {
    let message = `The assistant is unavailable (${res.status}).`;
    try {
      const body = await res.json();
      if (body && body.error && body.error.message) message = `${body.error.message} (${res.status})`;
    } catch {
      /* not JSON */
    }
    return message;
  };

  /** Reads the server-sent events of a streamed turn. */
  async function* events(res) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (data) yield { event, data: JSON.parse(data) };
      }
    }
  }

  /** A conversation the server no longer continues (deleted, key regenerated, agent made stateless). */
  const lostSession = async (res) => {
    if (!state.sessionId || (res.status !== 404 && res.status !== 422)) return false;
    try {
      const body = await res.clone().json();
      return Boolean(body && body.error && body.error.details && body.error.details.path === 'body.sessionId');
    } catch {
      return false;
    }
  };

  const rememberSession = (sessionId) => {
    if (sessionId && sessionId !== state.sessionId) {
      state.sessionId = sessionId;
      save();
    }
  };

  const post = (query) =>
    fetch(`${base}/chat`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query, stream: true, ...(state.sessionId ? { sessionId: state.sessionId } : {}) }),
    });

  async function ask(query) {
    add({ kind: 'user', text: query });
    send.disabled = true;
    input.setAttribute('aria-busy', 'true');
    let answerNode = null;
    let text = '';
    let notice = null;
    try {
      let res = await post(query);
      if (await lostSession(res)) {
        // The server-side conversation is gone: this message starts a new one.
        state.sessionId = null;
        save();
        add({ kind: 'notice', text: 'Starting a new conversation.' });
        res = await post(query);
      }
      if (!res.ok) {
        add({ kind: 'error', text: await failure(res) });
        return;
      }
      for await (const { event, data } of events(res)) {
        if (event === 'session') rememberSession(data.sessionId);
        else if (event === 'chunk') {
          text += data.text;
          if (!answerNode) answerNode = render({ kind: 'assistant', text: '' });
          answerNode.textContent = text;
          scroll();
        } else if (event === 'reset') {
          text = '';
          if (answerNode) answerNode.textContent = '';
        } else if (event === 'pending' && !notice) {
          notice = render({
            kind: 'notice',
            text: data.reason === 'approval' ? 'Waiting for a team member to approve…' : 'Working on it…',
          });
        } else if (event === 'done') {
          rememberSession(data.sessionId);
          if (notice) notice.remove();
          if (answerNode) answerNode.remove();
          if (data.status === 'completed') add({ kind: 'assistant', text: data.answer });
          else if (data.status === 'clarification')
            add({ kind: 'clarification', text: data.clarification.question, reason: data.clarification.reason });
          else if (data.status === 'pending')
            add({ kind: 'notice', text: 'Your request is waiting for a team member.' });
          else add({ kind: 'error', text: 'Sorry, the assistant could not answer this time.' });
          save();
        }
      }
    } catch {
      add({ kind: 'error', text: 'The assistant could not be reached.' });
    } finally {
      send.disabled = false;
      input.removeAttribute('aria-busy');
      input.focus();
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const query = input.value.trim();
    if (!query || send.disabled) return;
    input.value = '';
    void ask(query);
  });

  async function start() {
    document.body.append(host);
    for (const m of state.messages) render(m);
    try {
      const res = await fetch(base, { headers });
      if (!res.ok) {
        render({ kind: 'error', text: await failure(res) });
        send.disabled = true;
        input.disabled = true;
      } else {
        const agent = await res.json();
        host.style.setProperty('--da-color', agent.branding.primaryColor);
        title.textContent = agent.name;
        bubble.setAttribute('aria-label', `Open chat with ${agent.name}`);
        if (state.messages.length === 0)
          log.prepend(el('div', { class: 'msg assistant welcome' }, agent.welcomeMessage));
      }
    } catch {
      // A refused origin (CORS) or an unreachable server: nothing can be sent from here.
      render({ kind: 'error', text: 'The assistant could not be reached.' });
      send.disabled = true;
      input.disabled = true;
    }
    let open = false;
    try {
      open = sessionStorage.getItem(`${storageKey}:open`) === '1';
    } catch {
      /* ignore */
    }
    if (open) setOpen(true);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start());
  else void start();
})();
