import { z, httpUrlSchema } from './common.js';

/** The value rules of the keys, with how the document states each. */
const urlValue = { value: httpUrlSchema(), rule: 'an http or https URL of at most 2048 characters' };
const tokenValue = { value: z.string().min(1).max(4096), rule: '1 to 4096 characters' };

/**
 * Project settings read by builtin tools. Each key has a value schema and says whether it is a
 * secret (encrypted at rest, never returned). Unknown keys are refused, so no setting is stored
 * without an effect.
 */
export const settingDefinitions = {
  CODE_SANDBOX_URL: {
    secret: false,
    ...urlValue,
    description: 'External code sandbox for code_execute languages other than JavaScript (overrides the env var).',
  },
  CODE_SANDBOX_API_KEY: {
    secret: true,
    ...tokenValue,
    description: 'Bearer token sent to the code sandbox.',
  },
  WEB_SEARCH_API_KEY: {
    secret: true,
    ...tokenValue,
    description: 'Brave Search API subscription token used by web_search (sent as X-Subscription-Token).',
  },
  WEB_SEARCH_URL: {
    secret: false,
    ...urlValue,
    description:
      'Endpoint of web_search: the Brave Search web search URL (default https://api.search.brave.com/res/v1/web/search) or a server answering in its format.',
  },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as [SettingKey, ...SettingKey[]];

export const settingKeySchema = z.enum(settingKeys).openapi('SettingKey', {
  description: settingKeys.map((k) => `${k}: ${settingDefinitions[k].description}`).join(' '),
});

/**
 * The body of PUT /v1/settings/{key}. The value's rule depends on the key in the path, which JSON
 * Schema cannot tie to the body: the document lists each key's rule in the description and as JSON
 * Schema in `x-setting-values`, and a value its key refuses is a 422 (api/routes/settings.ts).
 */
export const putSettingSchema = z
  .object({ value: z.string().min(1).max(4096) })
  .strict()
  .openapi('PutSetting', {
    description:
      'The value; secret settings are encrypted at rest and never returned. Each key takes its own values (as JSON ' +
      `Schema in x-setting-values), and a value its key refuses is a 422: ${settingKeys
        .map((k) => `${k}: ${settingDefinitions[k].rule}`)
        .join('; ')}.`,
    'x-setting-values': Object.fromEntries(
      settingKeys.map((k) => {
        const { $schema: _dialect, ...schema } = z.toJSONSchema(settingDefinitions[k].value, { io: 'input' });
        return [k, schema];
      }),
    ),
  } as Record<string, unknown>);

export const settingSchema = z
  .object({
    key: settingKeySchema,
    secret: z.boolean(),
    value: z.string().nullable().describe('null for secret settings'),
    hasValue: z.boolean(),
    updatedAt: z.string(),
  })
  .openapi('Setting');
export type SettingView = z.infer<typeof settingSchema>;

export const settingListSchema = z.object({ data: z.array(settingSchema) }).openapi('SettingList');
