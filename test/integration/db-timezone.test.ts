import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentWithConfiguration } from '../../api/generations/agent-configuration.js';
import { hotModelRows, hotQuery, sql } from '../../infra/db/hot-sql.js';
import { createDb, type Db } from '../../infra/db/prisma.js';
import { adminDatabaseUrl } from '../support/env.js';
import { createTestDatabase } from '../support/database.js';

/**
 * Timestamp columns hold UTC without a zone (what Prisma writes). Statements of our own that use
 * `now()` must write the same, on a database whose default zone is not UTC.
 */
describe('the database pool on a server whose zone is not UTC', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    const admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${database.name} SET timezone TO 'Pacific/Kiritimati'`);
    await admin.end();
    db = createDb(database.url, 2);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('writes and reads now() as UTC, through the pool and through Prisma', async () => {
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    const { rows } = await other.query<{ zone: string }>(`SELECT current_setting('TimeZone') AS zone`);
    await other.end();
    expect(rows[0]!.zone).toBe('Pacific/Kiritimati');

    const [pooled] = await hotQuery<{ zone: string; at: Date }>(
      db,
      sql`SELECT current_setting('TimeZone') AS "zone", now()::timestamp(3) AS "at"`,
    );
    expect(pooled!.zone).toBe('UTC');
    expect(Math.abs(pooled!.at.getTime() - Date.now())).toBeLessThan(60_000);
    const [viaPrisma] = await db.$queryRaw<Array<{ at: Date }>>`SELECT now()::timestamp(3) AS "at"`;
    expect(Math.abs(new Date(viaPrisma!.at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("reads an agent's configuration through the pool as Prisma reads it, whatever the process's zone", async () => {
    const projectId = 'prj_pool_reads';
    await db.project.create({ data: { id: projectId, name: 'pool reads' } });
    await db.aiProvider.create({
      data: { id: 'aip_1', projectId, name: 'p', kind: 'openai', defaultModel: 'm', headers: { 'x-a': '1' } },
    });
    for (const [i, id] of ['tool_b', 'tool_a', 'tool_other'].entries())
      await db.agentTool.create({
        data: { id, projectId, type: 'http', name: `t${i}`, parameters: { type: 'object' }, timeoutSeconds: 5 + i },
      });
    await db.agent.create({
      data: {
        id: 'agt_1',
        projectId,
        aiProviderId: 'aip_1',
        name: 'a',
        slug: 'a',
        temperature: 0.25,
        toolIds: ['tool_b', 'tool_a'],
        guardrails: { blockPatterns: ['x'] },
      },
    });
    for (const id of ['hook_2', 'hook_1'])
      await db.hook.create({
        data: { id, projectId, agentId: 'agt_1', event: 'PreToolUse', type: 'http', config: {} },
      });
    for (const [id, active] of [
      ['wh_1', true],
      ['wh_off', false],
    ] as const)
      await db.webhook.create({
        data: {
          id,
          projectId,
          agentId: 'agt_1',
          url: 'http://x',
          events: ['generation.completed'],
          secretEncrypted: 's',
          active,
        },
      });

    const viaPrisma = async () =>
      [
        await db.agent.findMany({ where: { id: 'agt_1', projectId } }),
        await db.aiProvider.findMany({ where: { id: 'aip_1', projectId } }),
        await db.agentTool.findMany({ where: { id: { in: ['tool_b', 'tool_a'] }, projectId } }),
        await db.hook.findMany({
          where: { agentId: 'agt_1', projectId },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        }),
        await db.webhook.findMany({
          where: { agentId: 'agt_1', projectId, active: true },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        }),
      ] as const;
    const byId = <T extends { id: string }>(rows: readonly T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    const zone = process.env.TZ;
    try {
      // pg's own timestamp parser reads a zoneless timestamp in the process's zone; ours must not.
      process.env.TZ = 'Pacific/Kiritimati';
      const pooled = (await agentWithConfiguration(db, projectId, 'agt_1'))!;
      const { agent } = pooled;
      const expected = await viaPrisma();
      expect([agent]).toEqual(expected[0]);
      expect(agent!.createdAt).toBeInstanceOf(Date);
      expect(Math.abs(agent!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect([pooled.provider]).toEqual(expected[1]);
      expect(byId(pooled.tools)).toEqual(byId(expected[2]));
      expect(pooled.tools).toHaveLength(2);
      expect(pooled.hooks).toEqual(expected[3]);
      expect(pooled.webhooks).toEqual(expected[4]);
      expect(pooled.webhooks.map((w) => w.id)).toEqual(['wh_1']);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    // Not in the project: no agent.
    expect(await agentWithConfiguration(db, 'prj_other', 'agt_1')).toBeNull();
    // A NULL scalar list reads as Prisma reads it: an empty list.
    await hotQuery(db, sql`UPDATE "Agent" SET "activeToolIds" = NULL WHERE "id" = 'agt_1'`);
    const [nulled] = await hotModelRows<{ activeToolIds: string[] }>(
      db,
      sql`SELECT * FROM "Agent" WHERE "id" = 'agt_1'`,
    );
    expect(nulled!.activeToolIds).toEqual([]);
    expect((await db.agent.findUniqueOrThrow({ where: { id: 'agt_1' } })).activeToolIds).toEqual([]);
  });
});
