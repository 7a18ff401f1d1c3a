import type { Env } from '../../config/env.js';
import { capResult } from '../http-tool.js';
import { builtinDefinition } from '../../contracts/builtins/index.js';
import type { ToolCallInput } from '../../contracts/generation/index.js';
import { settingDefinitions, type SettingKey } from '../../contracts/schemas/index.js';
import type { SnapshotTool } from '../../contracts/snapshot.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import { outboundRules, type OutboundRules } from '../../infra/net/ssrf.js';
import { storageRoot } from '../../infra/storage/file-store.js';
import { runCodeExecute } from './code-execute.js';
import {
  builtinError,
  type BuiltinCall,
  type BuiltinExecutor,
  type BuiltinOptions,
  type BuiltinResult,
} from './context.js';
import { runDatabaseQuery, runDatabaseWrite } from './database.js';
import { runClassifyDocument, runExtractFromDocument } from './documents.js';
import { runHttpRequest } from './http-request.js';
import { runMemoryForget, runMemorySave, runMemorySearch } from './memory.js';
import { runSendEmail } from './send-email.js';
import { runStorageList, runStorageRead, runStorageWrite } from './storage.js';
import { runGenerateText, runSummarize } from './text-generation.js';
import { runWebScrape } from './web-scrape.js';
import { runWebSearch } from './web-search.js';

export type { BuiltinOptions } from './context.js';

/** The executor of each builtin the platform runs (definitions: contracts/builtins). */
const executors: Readonly<Record<string, BuiltinExecutor>> = {
  http_request: runHttpRequest,
  database_query: runDatabaseQuery,
  database_write: runDatabaseWrite,
  code_execute: runCodeExecute,
  web_scrape: runWebScrape,
  storage_read: runStorageRead,
  storage_write: runStorageWrite,
  storage_list: runStorageList,
  web_search: runWebSearch,
  send_email: runSendEmail,
  summarize: runSummarize,
  generate_text: runGenerateText,
  memory_save: runMemorySave,
  memory_search: runMemorySearch,
  memory_forget: runMemoryForget,
  classify_document: runClassifyDocument,
  extract_from_document: runExtractFromDocument,
};

export const defaultBuiltinOptions: BuiltinOptions = { toolRules: outboundRules([]) };

/** `toolRules`: what tools may connect to (the runtime's outbound.rules.tool). */
export function builtinOptionsFromEnv(
  env: Pick<
    Env,
    | 'CODE_SANDBOX_URL'
    | 'CODE_SANDBOX_API_KEY'
    | 'DATA_DIR'
    | 'PUBLIC_API_URL'
    | 'MODEL_CALL_TIMEOUT_SECONDS'
    | 'STORAGE_PROJECT_MAX_BYTES'
    | 'STORAGE_PROJECT_MAX_FILES'
  >,
  toolRules: OutboundRules,
): BuiltinOptions {
  return {
    toolRules,
    storageDir: storageRoot(env.DATA_DIR),
    storageQuota: { bytes: env.STORAGE_PROJECT_MAX_BYTES, files: env.STORAGE_PROJECT_MAX_FILES },
    modelTimeoutMs: env.MODEL_CALL_TIMEOUT_SECONDS * 1000,
    ...(env.PUBLIC_API_URL ? { publicApiUrl: env.PUBLIC_API_URL } : {}),
    ...(env.CODE_SANDBOX_URL ? { codeSandboxUrl: env.CODE_SANDBOX_URL } : {}),
    ...(env.CODE_SANDBOX_API_KEY ? { codeSandboxApiKey: env.CODE_SANDBOX_API_KEY } : {}),
  };
}

function decryptConfig(tool: SnapshotTool, secrets: SecretBox): Record<string, unknown> {
  const config: Record<string, unknown> = { ...(tool.config ?? {}) };
  for (const key of builtinDefinition(tool.name)?.secretConfigKeys ?? []) {
    const v = config[key] as { encrypted?: string } | undefined;
    if (v && typeof v === 'object' && typeof v.encrypted === 'string') config[key] = secrets.decrypt(v.encrypted);
  }
  return config;
}

/** Runs one builtin call; every problem the model can act on comes back as an error result. */
export async function runBuiltin(
  input: ToolCallInput,
  tool: SnapshotTool,
  deps: Pick<BuiltinCall, 'db' | 'secrets' | 'dispatcher' | 'providerDispatcher' | 'options' | 'signal'>,
): Promise<BuiltinResult> {
  const execute = Object.hasOwn(executors, tool.name) ? executors[tool.name] : undefined;
  if (!execute) return builtinError(`The builtin tool ${tool.name} is not available on this server`);
  const args = input.arguments;
  if (!args || typeof args !== 'object' || Array.isArray(args) || '__invalid' in args)
    return builtinError('The tool arguments must be a JSON object');
  let project: string | undefined;
  const projectId = async (): Promise<string> =>
    (project ??= (
      await deps.db.generation.findUniqueOrThrow({ where: { id: input.generationId }, select: { projectId: true } })
    ).projectId);
  const setting = async (key: string): Promise<string | undefined> => {
    if (!Object.hasOwn(settingDefinitions, key)) return undefined;
    const row = await deps.db.projectSetting.findUnique({
      where: { projectId_key: { projectId: await projectId(), key } },
    });
    if (!row) return undefined;
    return settingDefinitions[key as SettingKey].secret && row.valueEncrypted
      ? deps.secrets.decrypt(row.valueEncrypted)
      : (row.value ?? undefined);
  };
  const result = await execute({
    generationId: input.generationId,
    toolCallId: input.toolCallId,
    step: input.step,
    seq: input.seq,
    tool,
    config: decryptConfig(tool, deps.secrets),
    arguments: args as Record<string, unknown>,
    db: deps.db,
    secrets: deps.secrets,
    dispatcher: deps.dispatcher,
    providerDispatcher: deps.providerDispatcher,
    options: deps.options,
    ...(deps.signal ? { signal: deps.signal } : {}),
    setting,
    projectId,
  });
  // The tool row's maxResultChars applies on top of each builtin's own cap.
  return { ...result, content: capResult(result.content, tool.maxResultChars) };
}
