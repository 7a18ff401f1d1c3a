import type { Db } from '../infra/db/prisma.js';
import { newId } from '../contracts/ids.js';
import { adminPolicy } from '../domain/policy.js';
import { generateApiKey, hashKey, keyPrefix } from './auth/keys.js';

export interface BootstrapResult {
  projectId: string;
  /** The admin key in clear: only when this call created it (or it came from BOOTSTRAP_API_KEY). */
  apiKey: string | null;
  createdProject: boolean;
}

/**
 * First start on an empty database: a default project and an admin key. With BOOTSTRAP_API_KEY
 * that exact key is ensured on every start (scripted setups); otherwise a random key is created
 * once and returned so the caller can print it.
 */
export async function ensureBootstrap(db: Db, fixedKey: string | undefined): Promise<BootstrapResult> {
  return db.$transaction(async (tx) => {
    let project = await tx.project.findFirst({ orderBy: { createdAt: 'asc' } });
    const createdProject = !project;
    project ??= await tx.project.create({ data: { id: newId('project'), name: 'Default project' } });

    if (fixedKey) {
      const existing = await tx.apiKey.findUnique({ where: { prefix: keyPrefix(fixedKey) } });
      if (!existing) {
        await tx.apiKey.create({
          data: {
            id: newId('apiKey'),
            projectId: project.id,
            name: 'bootstrap admin',
            prefix: keyPrefix(fixedKey),
            keyHash: hashKey(fixedKey),
            policy: adminPolicy,
          },
        });
      }
      return { projectId: project.id, apiKey: fixedKey, createdProject };
    }
    if (!createdProject) return { projectId: project.id, apiKey: null, createdProject };
    const key = generateApiKey();
    await tx.apiKey.create({
      data: {
        id: newId('apiKey'),
        projectId: project.id,
        name: 'bootstrap admin',
        prefix: keyPrefix(key),
        keyHash: hashKey(key),
        policy: adminPolicy,
      },
    });
    return { projectId: project.id, apiKey: key, createdProject };
  });
}
