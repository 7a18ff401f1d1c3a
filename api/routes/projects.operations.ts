import { projectSchema } from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

/** The project of the calling key (served by ./projects.ts). */
export const projectRoutes = {
  getCurrent: defineRoute({
    operationId: 'getCurrentProject',
    method: 'get',
    path: '/v1/projects/current',
    tag: 'Projects',
    summary: 'The project of the calling API key',
    action: 'projects:GetProject',
    resource: (_p, projectId) => `projects/${projectId}`,
    status: 200,
    response: projectSchema,
    responseDescription: 'The project',
  }),
};
