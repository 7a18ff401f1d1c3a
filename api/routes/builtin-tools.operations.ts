import { builtinToolTypeListSchema } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** The builtin catalogue (served by ./builtin-tools.ts): seed 002's task types, in this API's words. */
export const builtinToolRoutes = {
  list: defineRoute({
    operationId: 'listBuiltinTools',
    method: 'get',
    path: '/v1/builtin-tools',
    tag: 'Agent tools',
    summary: 'List the builtin tools with the JSON Schemas of their arguments and config',
    description:
      'What `{ "type": "builtin", "name": … }` tools can be: each builtin with its description, limits, the JSON Schema ' +
      'of the arguments the model sends and of its `config`. The same for every project.',
    action: 'agents:ListBuiltinTools',
    resource: () => 'tools/*',
    status: 200,
    response: builtinToolTypeListSchema,
    responseDescription: 'Every builtin, by name',
  }),
};
