import { z } from './common.js';

/**
 * Project settings read by builtin tools. Each key has a value schema and says whether it is a
 * secret (encrypted at rest, never returned). Unknown keys are refused, so no setting is stored
 * without an effect.
 */
export const settingDefinitions = {
  CODE_SANDBOX_URL: {
    secret: false,
    value: z.url({ protocol: /^https?$/ }).max(2048),
    description: 'External code sandbox for code_execute languages other than JavaScript (overrides the env var).',
  },
  CODE_SANDBOX_API_KEY: {
    secret: true,
    value: z.string().min(1).max(4096),
    description: 'Bearer token sent to the code sandbox.',
  },
  WEB_SEARCH_API_KEY: {
    secret: true,
    value: z.string().min(1).max(4096),
    description: 'Brave Search API subscription token used by web_search (sent as X-Subscription-Token).',
  },
  WEB_SEARCH_URL: {
    secret: false,
    value: z.url({ protocol: /^https?$/ }).max(2048),
    description:
      'Endpoint of web_search: the Brave Search web search URL (default https://api.search.brave.com/res/v1/web/search) or a server answering in its format.',
  },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as [SettingKey, ...SettingKey[]];

export const settingKeySchema = z.enum(settingKeys).openapi('SettingKey', {
  description: settingKeys.map((k) => `${k}: ${settingDefinitions[k].description}`).join(' '),
});

export const putSettingSchema = z
  .object({ value: z.string().min(1).max(4096) })
  .strict()
  .openapi('PutSetting', {
    description:
      "The value; secret settings are encrypted at rest and never returned. A value the key's own rule refuses (e.g. CODE_SANDBOX_URL must be an http(s) URL) is a 422.",
  });

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
