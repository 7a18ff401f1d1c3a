import { agentRoutes } from '../routes/agents.operations.js';
import { agentStepRoutes } from '../routes/agent-step.operations.js';
import { apiKeyRoutes } from '../routes/api-keys.operations.js';
import { approvalRoutes } from '../routes/approvals.operations.js';
import { docsRoutes } from '../routes/docs.operations.js';
import { generationRoutes } from '../routes/generations.operations.js';
import { forkRoutes } from '../routes/forks.operations.js';
import { healthRoutes } from '../routes/health.operations.js';
import { hookRoutes } from '../routes/hooks.operations.js';
import { metricsRoutes } from '../routes/metrics.operations.js';
import { knowledgeBaseRoutes } from '../routes/knowledge-bases.operations.js';
import { memoryRoutes } from '../routes/memories.operations.js';
import { projectRoutes } from '../routes/projects.operations.js';
import { providerRoutes } from '../routes/providers.operations.js';
import { publicChatRoutes } from '../routes/public-chat.operations.js';
import { staticRoutes } from '../routes/static.operations.js';
import { settingRoutes } from '../routes/settings.operations.js';
import { storageRoutes } from '../routes/storage.operations.js';
import { sessionRoutes } from '../routes/sessions.operations.js';
import { toolRoutes } from '../routes/tools.operations.js';
import { toolImportRoutes } from '../routes/tool-import.operations.js';
import { builtinToolRoutes } from '../routes/builtin-tools.operations.js';
import { traceAliasRoutes, traceRoutes } from '../routes/traces.operations.js';
import { webhookRoutes } from '../routes/webhooks.operations.js';
import { scheduleRoutes } from '../routes/schedules.operations.js';
import { aliasRoutes, type AnyRouteSpec } from './spec.js';

/**
 * The route table: every endpoint the app serves, with its policy action, its request schemas
 * (the ones the handler validates with) and its response schema. Each resource declares its
 * endpoints beside its router (api/routes/<resource>.operations.ts); routers mount those entries
 * (api/routing.ts) and the OpenAPI document is generated from this list (api/openapi/document.ts).
 */

/** The same tool endpoints under `/v1/agents/tools` (a path some clients of agent platforms expect). */
export const toolAliasRoutes = aliasRoutes(toolRoutes, '/v1/tools', '/v1/agents/tools', 'ViaAgents');

/** Every endpoint, in document order. */
export const routeTable: AnyRouteSpec[] = [
  healthRoutes,
  metricsRoutes,
  docsRoutes,
  projectRoutes,
  apiKeyRoutes,
  providerRoutes,
  agentRoutes,
  toolRoutes,
  toolImportRoutes,
  builtinToolRoutes,
  toolAliasRoutes,
  hookRoutes,
  generationRoutes,
  forkRoutes,
  approvalRoutes,
  sessionRoutes,
  agentStepRoutes,
  webhookRoutes,
  scheduleRoutes,
  publicChatRoutes,
  staticRoutes,
  knowledgeBaseRoutes,
  memoryRoutes,
  settingRoutes,
  storageRoutes,
  traceRoutes,
  traceAliasRoutes,
].flatMap((group): AnyRouteSpec[] => Object.values(group));
