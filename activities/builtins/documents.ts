import type { ChatCompletionMessage } from 'openai/resources/chat/completions';
import type { GenerationSnapshot } from '../../contracts/snapshot.js';
import { TOOL_ARGUMENT_CHECK_MS } from '../../domain/tool-arguments.js';
import { toolArgumentProblemsTask } from '../../domain/tool-argument-check.js';
import { untrustedPool, UntrustedWorkError } from '../../infra/isolation/untrusted-pool.js';
import { builtinError, type BuiltinCall, type BuiltinResult } from './context.js';
import {
  CLASSIFY_TOOL,
  classificationOf,
  classifyPrompt,
  classifyRequest,
  cappedDocument,
  EXTRACT_TOOL,
  extractPrompt,
  extractRequest,
  replyJson,
  retryPrompt,
  type Answer,
  type DocumentInput,
  type DocumentSource,
} from './document-prompts.js';
import { openNestedModel, type NestedModel, type NestedRequest } from './nested-model.js';

/**
 * classify_document and extract_from_document: a document of the agent's knowledge bases (or
 * inline text) and one nested model call with the generation's provider, asked once more when its
 * answer is refused (a label not in the list, JSON that breaks the schema).
 */

/**
 * A document is read as knowledge_search reads them: in the generation's project and in the
 * knowledge bases linked to the agent when the run started. Any other id (another project's, an
 * unlinked knowledge base's) is "not found", with no hint that it exists.
 */
async function documentInput(
  call: BuiltinCall,
  snapshot: GenerationSnapshot,
  source: DocumentSource,
): Promise<DocumentInput | BuiltinResult> {
  if ('text' in source) return { content: source.text, truncated: false };
  const linked = (snapshot.knowledgeBases ?? []).map((kb) => kb.id);
  const doc = linked.length
    ? await call.db.kbDocument.findFirst({
        where: { id: source.documentId, projectId: await call.projectId(), knowledgeBaseId: { in: linked } },
        select: { title: true, content: true },
      })
    : null;
  if (!doc) return builtinError(`Document ${source.documentId} not found in the knowledge bases linked to this agent`);
  return cappedDocument(doc.content, doc.title);
}

const isResult = (v: DocumentInput | BuiltinResult): v is BuiltinResult => 'status' in v;
type Checked<T> = Answer<T> | { fatal: string };

/** Asks, checks, and asks once more with what was wrong; the trace entry holds both calls. */
async function askChecked<T>(
  nested: NestedModel,
  request: NestedRequest,
  tool: string,
  check: (message: ChatCompletionMessage) => Promise<Checked<T>>,
): Promise<{ value: T } | BuiltinResult> {
  const failed = async (error: string, extra: Record<string, unknown> = {}): Promise<BuiltinResult> => {
    await nested.record({ status: 'error', error });
    return { ...builtinError(error, extra), usage: { ...nested.usage } };
  };
  let checked: Checked<T> | undefined;
  for (const attempt of [1, 2]) {
    const reply = await nested.ask(checked && 'problem' in checked ? retryPrompt(request, tool, checked) : request);
    if ('error' in reply) return failed(reply.error);
    checked = await check(reply.message);
    if ('fatal' in checked) return failed(checked.fatal);
    if ('value' in checked) {
      await nested.record({ status: 'success' });
      return { value: checked.value };
    }
    if (attempt === 2)
      return failed(`The model's answer was invalid twice: ${checked.problem}`, {
        ...(checked.problems ? { problems: checked.problems } : {}),
      });
  }
  throw new Error('unreachable');
}

export async function runClassifyDocument(call: BuiltinCall): Promise<BuiltinResult> {
  const req = classifyRequest(call.arguments);
  if ('refused' in req) return builtinError(req.refused);
  const nested = await openNestedModel(call);
  const input = await documentInput(call, nested.snapshot, req.source);
  if (isResult(input)) return input;
  const answer = await askChecked(nested, classifyPrompt(input, req), CLASSIFY_TOOL, (message) => {
    const json = replyJson(message, CLASSIFY_TOOL);
    return Promise.resolve('value' in json ? classificationOf(json.value, req.labels) : json);
  });
  if (!('value' in answer)) return answer;
  return {
    status: 'success',
    content: JSON.stringify({ ...answer.value, truncated: input.truncated }),
    usage: { ...nested.usage },
  };
}

export async function runExtractFromDocument(call: BuiltinCall): Promise<BuiltinResult> {
  const req = extractRequest(call.arguments);
  if ('refused' in req) return builtinError(req.refused, req.problems ? { problems: req.problems } : {});
  const nested = await openNestedModel(call);
  const input = await documentInput(call, nested.snapshot, req.source);
  if (isResult(input)) return input;
  const projectId = await call.projectId();
  const answer = await askChecked(nested, extractPrompt(input, req), EXTRACT_TOOL, async (message) => {
    const json = replyJson(message, EXTRACT_TOOL);
    if (!('value' in json)) return json;
    let problems;
    try {
      // The tenant's schema is compiled and run off this thread, within a time and memory limit.
      problems = await untrustedPool().run(
        toolArgumentProblemsTask,
        { schema: req.schema, args: json.value, root: '$', mustCompile: true },
        { projectId, timeMs: TOOL_ARGUMENT_CHECK_MS, ...(call.signal ? { signal: call.signal } : {}) },
      );
    } catch (err) {
      if (!(err instanceof UntrustedWorkError)) throw err;
      return { fatal: `The extracted JSON could not be checked against the schema: ${err.message}` };
    }
    if (!problems.length) return { value: json.value };
    return {
      problem: 'the JSON does not match the schema',
      problems: problems.map((p) => `${p.path}: ${p.message}`),
      previous: JSON.stringify(json.value),
    };
  });
  if (!('value' in answer)) return answer;
  return {
    status: 'success',
    content: JSON.stringify({ data: answer.value, truncated: input.truncated }),
    usage: { ...nested.usage },
  };
}
