import {
  apiKeyIdSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  listResponseSchema,
  z,
} from '../../contracts/schemas/index.js';
import { pageQuery } from '../openapi/params.js';
import { defineRoute } from '../openapi/spec.js';

const apiKeyParams = z.object({ apiKeyId: apiKeyIdSchema });
const apiKeyList = listResponseSchema(apiKeySchema, 'ApiKeyList');

/** API keys and their policies (served by ./api-keys.ts). */
export const apiKeyRoutes = {
  create: defineRoute({
    operationId: 'createApiKey',
    method: 'post',
    path: '/v1/api-keys',
    tag: 'API keys',
    summary: 'Create an API key with a policy (the key is returned once)',
    description:
      "The new policy may only grant what the calling key itself is allowed (403 otherwise); the caller's Deny statements are appended to it.",
    action: 'apiKeys:CreateApiKey',
    resource: () => 'api-keys/*',
    body: createApiKeySchema,
    status: 201,
    response: createdApiKeySchema,
    responseDescription: 'The key, with its secret value (shown only here)',
  }),
  list: defineRoute({
    operationId: 'listApiKeys',
    method: 'get',
    path: '/v1/api-keys',
    tag: 'API keys',
    summary: 'List API keys (without secrets)',
    action: 'apiKeys:ListApiKeys',
    resource: () => 'api-keys/*',
    query: pageQuery,
    status: 200,
    response: apiKeyList,
    responseDescription: 'A page of keys, newest first',
  }),
  get: defineRoute({
    operationId: 'getApiKey',
    method: 'get',
    path: '/v1/api-keys/{apiKeyId}',
    tag: 'API keys',
    summary: 'Get an API key (without its secret)',
    action: 'apiKeys:GetApiKey',
    resource: (p) => `api-keys/${p.apiKeyId}`,
    params: apiKeyParams,
    status: 200,
    response: apiKeySchema,
    responseDescription: 'The key',
  }),
  revoke: defineRoute({
    operationId: 'revokeApiKey',
    method: 'delete',
    path: '/v1/api-keys/{apiKeyId}',
    tag: 'API keys',
    summary: 'Revoke an API key (it gets 401 from then on)',
    description:
      "The key stays readable (GET, list) with its `revokedAt`, as an audit trail. 409 for the project's last admin key (a key whose policy allows every action on every resource).",
    action: 'apiKeys:RevokeApiKey',
    resource: (p) => `api-keys/${p.apiKeyId}`,
    params: apiKeyParams,
    status: 200,
    response: apiKeySchema,
    responseDescription: 'The revoked key (revoking twice keeps the first revokedAt)',
    errors: [409],
  }),
};
