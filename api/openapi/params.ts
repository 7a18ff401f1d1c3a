import { agentIdSchema, generationIdSchema, paginationQuerySchema, z } from '../../contracts/schemas/index.js';

/** Request shapes that several resources' declarations share. */
export const agentParams = z.object({ agentId: agentIdSchema });
export const generationParams = z.object({ generationId: generationIdSchema });
export const pageQuery = paginationQuerySchema;
