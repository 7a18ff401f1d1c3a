import { importOpenApiToolsResultSchema, importOpenApiToolsSchema } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** Importing http tools from an OpenAPI document (served by ./tool-import.ts). */
export const toolImportRoutes = {
  importOpenApi: defineRoute({
    operationId: 'importOpenApiTools',
    method: 'post',
    path: '/v1/tools/import/openapi',
    tag: 'Agent tools',
    summary: 'Import http tools from an OpenAPI 3.x document',
    description:
      'Each operation becomes an http tool; importing the same document (by info.title) again updates its tools ' +
      'by operation instead of adding new ones. Operations an http tool cannot send are skipped with the reason. ' +
      'One transaction: a refused import changes nothing. Needs agents:CreateAgentTool, and ' +
      'agents:UpdateAgentTool / agents:DeleteAgentTool on the tools it updates or deletes.',
    action: 'agents:CreateAgentTool',
    resource: () => 'tools/*',
    body: importOpenApiToolsSchema,
    status: 200,
    response: importOpenApiToolsResultSchema,
    responseDescription: 'What was (or, with dryRun, would be) created, updated, left unchanged, skipped and missing',
    errors: [409, 422],
  }),
};
