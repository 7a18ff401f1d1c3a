import {
  listMemoriesQuerySchema,
  listResponseSchema,
  memoryParams,
  memorySchema,
  memorySearchResultSchema,
  patchMemorySchema,
  searchMemoriesSchema,
} from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

const memoryList = listResponseSchema(memorySchema, 'LongTermMemoryList');
const tag = 'Memories';
const memoryResource = (p: Record<string, string>) => `memories/${p.memoryId}`;

/**
 * Long-term memories (served by ./memories.ts). Agents write them with memory_save; the API lists,
 * searches, reads, edits and deletes them (docs/memory.md).
 */
export const memoryRoutes = {
  list: defineRoute({
    operationId: 'listMemories',
    method: 'get',
    path: '/v1/memories',
    tag,
    summary: 'List memories (filters: agentId, endUserId)',
    action: 'memories:ListMemories',
    resource: () => 'memories/*',
    query: listMemoriesQuerySchema,
    status: 200,
    response: memoryList,
    responseDescription: 'A page of memories, newest first',
  }),
  search: defineRoute({
    operationId: 'searchMemories',
    method: 'post',
    path: '/v1/memories/search',
    tag,
    summary: "Search one end user's memories of an agent, as memory_search does",
    action: 'memories:SearchMemories',
    resource: () => 'memories/*',
    body: searchMemoriesSchema,
    status: 200,
    response: memorySearchResultSchema,
    responseDescription: 'The best-matching memories, best first',
    errors: [404],
  }),
  get: defineRoute({
    operationId: 'getMemory',
    method: 'get',
    path: '/v1/memories/{memoryId}',
    tag,
    summary: 'Get a memory',
    action: 'memories:GetMemory',
    resource: memoryResource,
    params: memoryParams,
    status: 200,
    response: memorySchema,
    responseDescription: 'The memory',
  }),
  patch: defineRoute({
    operationId: 'updateMemory',
    method: 'patch',
    path: '/v1/memories/{memoryId}',
    tag,
    summary: "Edit a memory's content",
    action: 'memories:UpdateMemory',
    resource: memoryResource,
    params: memoryParams,
    body: patchMemorySchema,
    status: 200,
    response: memorySchema,
    responseDescription: 'The updated memory',
  }),
  delete: defineRoute({
    operationId: 'deleteMemory',
    method: 'delete',
    path: '/v1/memories/{memoryId}',
    tag,
    summary: 'Delete a memory',
    action: 'memories:DeleteMemory',
    resource: memoryResource,
    params: memoryParams,
    status: 204,
    response: undefined,
    responseDescription: 'Deleted',
  }),
};
