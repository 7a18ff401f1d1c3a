/**
 * /docs: a self-contained HTML reference rendered on the server from the OpenAPI document — no
 * scripts, no external assets (helmet's CSP allows inline styles only), collapsible with <details>.
 */
type Json = unknown;
type Doc = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation> | undefined>;
  components?: { schemas?: Record<string, Json> };
};
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  'x-action'?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Json }>;
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON with `$ref`s turned into links to the schema's section. */
function schemaHtml(schema: Json): string {
  const text = esc(JSON.stringify(schema, null, 2));
  return text.replace(
    /&quot;#\/components\/schemas\/([A-Za-z0-9_.-]+)&quot;/g,
    (_m, name: string) => `&quot;<a href="#schema-${name}">#/components/schemas/${name}</a>&quot;`,
  );
}

function operationHtml(path: string, method: string, op: Operation): string {
  const parts: string[] = [];
  parts.push(`<details class="op" id="op-${esc(op.operationId ?? `${method}-${path}`)}">`);
  parts.push(
    `<summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code> — ${esc(op.summary ?? '')}` +
      `${op['x-action'] ? ` <span class="action">${esc(op['x-action'])}</span>` : ' <span class="action public">no key</span>'}</summary>`,
  );
  if (op.description) parts.push(`<p>${esc(op.description)}</p>`);
  if (op.parameters?.length) {
    parts.push('<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>');
    for (const p of op.parameters) {
      parts.push(
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><pre>${schemaHtml(p.schema ?? {})}</pre></td></tr>`,
      );
    }
    parts.push('</table>');
  }
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) parts.push(`<h4>Request body</h4><pre>${schemaHtml(body)}</pre>`);
  parts.push('<h4>Responses</h4><table><tr><th>status</th><th>description</th><th>schema</th></tr>');
  for (const [status, r] of Object.entries(op.responses ?? {})) {
    const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
    parts.push(
      `<tr><td>${esc(status)}</td><td>${esc(r.description ?? '')}${type ? ` <small>(${esc(type)})</small>` : ''}</td><td>${media?.schema ? `<pre>${schemaHtml(media.schema)}</pre>` : ''}</td></tr>`,
    );
  }
  parts.push('</table></details>');
  return parts.join('\n');
}

export function renderDocsPage(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)]);
    }
  }
  const sections = [...byTag].map(
    ([tag, ops]) => `<section><h2 id="tag-${esc(tag)}">${esc(tag)}</h2>\n${ops.join('\n')}</section>`,
  );
  const schemas = Object.entries(doc.components?.schemas ?? {}).map(
    ([name, s]) =>
      `<details class="schema" id="schema-${esc(name)}"><summary><code>${esc(name)}</code></summary><pre>${schemaHtml(s)}</pre></details>`,
  );
  const toc = [...byTag.keys()].map((t) => `<a href="#tag-${esc(t)}">${esc(t)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} — reference</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 1.5rem;color:#1d232a}
h1{margin-bottom:.2rem} h2{border-bottom:1px solid #d5dbe1;padding-bottom:.2rem;margin-top:2rem}
pre{background:#f4f6f8;padding:.5rem;overflow:auto;max-height:28rem;font-size:12.5px;margin:0}
details.op{border:1px solid #d5dbe1;border-radius:6px;margin:.4rem 0;padding:.3rem .6rem}
details.schema{margin:.2rem 0} summary{cursor:pointer}
table{border-collapse:collapse;width:100%;margin:.3rem 0} td,th{border:1px solid #e1e6ea;padding:.25rem .4rem;vertical-align:top;text-align:left}
.m{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-weight:600;font-size:12px;padding:1px 4px}
.get{background:#2f7d32}.post{background:#1f5fae}.put{background:#8a5a00}.patch{background:#6b3fa0}.delete{background:#b3261e}
.action{font:12px ui-monospace,monospace;background:#eef1f4;border-radius:4px;padding:1px 5px;margin-left:.4rem}
.action.public{background:#fff3cd}
</style></head><body>
<h1>${esc(doc.info.title)}</h1>
<p>Version ${esc(doc.info.version)} · machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a></p>
<p>${esc(doc.info.description ?? '')}</p>
<nav>${toc} · <a href="#schemas">Schemas</a></nav>
${sections.join('\n')}
<section><h2 id="schemas">Schemas</h2>
${schemas.join('\n')}
</section>
</body></html>`;
}
