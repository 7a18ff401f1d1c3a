import {
  putSettingSchema,
  settingKeySchema,
  settingListSchema,
  settingSchema,
  z,
} from '../../contracts/schemas/index.js';
import { defineRoute } from '../openapi/spec.js';

const settingParams = z.object({ key: settingKeySchema });

/** Project settings for builtin tools (served by ./settings.ts). */
export const settingRoutes = {
  list: defineRoute({
    operationId: 'listSettings',
    method: 'get',
    path: '/v1/settings',
    tag: 'Settings',
    summary: "List the project's settings (secret values hidden)",
    action: 'settings:ListSettings',
    resource: () => 'settings/*',
    status: 200,
    response: settingListSchema,
    responseDescription: 'Every setting that has a value',
  }),
  get: defineRoute({
    operationId: 'getSetting',
    method: 'get',
    path: '/v1/settings/{key}',
    tag: 'Settings',
    summary: 'Get a setting',
    action: 'settings:GetSetting',
    resource: (p) => `settings/${p.key}`,
    params: settingParams,
    status: 200,
    response: settingSchema,
    responseDescription: 'The setting (a secret value is shown only as hasValue)',
  }),
  put: defineRoute({
    operationId: 'putSetting',
    method: 'put',
    path: '/v1/settings/{key}',
    tag: 'Settings',
    summary: 'Set a setting',
    action: 'settings:PutSetting',
    resource: (p) => `settings/${p.key}`,
    params: settingParams,
    body: putSettingSchema,
    status: 200,
    response: settingSchema,
    responseDescription: 'The setting',
  }),
  delete: defineRoute({
    operationId: 'deleteSetting',
    method: 'delete',
    path: '/v1/settings/{key}',
    tag: 'Settings',
    summary: 'Remove a setting',
    action: 'settings:DeleteSetting',
    resource: (p) => `settings/${p.key}`,
    params: settingParams,
    status: 204,
    response: undefined,
    responseDescription: 'Removed (also when it was not set)',
  }),
};
