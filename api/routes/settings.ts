import type { Router } from 'express';
import { unprocessable } from '../../contracts/errors.js';
import { settingDefinitions, settingKeys, type SettingKey, type SettingView } from '../../contracts/schemas/index.js';
import type { ProjectSetting } from '../../generated/prisma/client.js';
import type { AppContext } from '../context.js';
import { ApiRouter } from '../routing.js';
import { settingRoutes } from './settings.operations.js';

function settingView(key: SettingKey, row: ProjectSetting | null): SettingView {
  const secret = settingDefinitions[key].secret;
  return {
    key,
    secret,
    value: secret ? null : (row?.value ?? null),
    hasValue: row !== null,
    updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
  };
}

/** Project settings for builtin tools; secret values are encrypted and write-only. */
export function settingsRouter(ctx: AppContext): Router {
  const r = new ApiRouter('/v1/settings', ctx);
  const row = (projectId: string, key: string) =>
    ctx.db.projectSetting.findUnique({ where: { projectId_key: { projectId, key } } });

  r.add(settingRoutes.list, async ({ auth }) => {
    const rows = await ctx.db.projectSetting.findMany({ where: { projectId: auth.projectId } });
    return { data: settingKeys.map((k) => settingView(k, rows.find((x) => x.key === k) ?? null)) };
  });

  r.add(settingRoutes.get, async ({ auth, params }) => settingView(params.key, await row(auth.projectId, params.key)));

  r.add(settingRoutes.put, async ({ auth, params, body }) => {
    const def = settingDefinitions[params.key];
    const checked = def.value.safeParse(body.value);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'invalid value';
      // The value's rule depends on the key in the path, which the document cannot tie to the body.
      throw unprocessable(`Invalid body: body.value ${message}`, [{ path: 'body.value', message, code: 'custom' }]);
    }
    const columns = def.secret
      ? { value: null, valueEncrypted: ctx.secrets.encrypt(checked.data) }
      : { value: checked.data, valueEncrypted: null };
    const saved = await ctx.db.projectSetting.upsert({
      where: { projectId_key: { projectId: auth.projectId, key: params.key } },
      create: { projectId: auth.projectId, key: params.key, ...columns },
      update: columns,
    });
    return settingView(params.key, saved);
  });

  r.add(settingRoutes.delete, async ({ auth, params }) => {
    await ctx.db.projectSetting.deleteMany({ where: { projectId: auth.projectId, key: params.key } });
  });

  return r.router;
}
