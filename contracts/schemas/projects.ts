import { z } from './common.js';

export const projectSchema = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .openapi('Project');
export type ProjectView = z.infer<typeof projectSchema>;
