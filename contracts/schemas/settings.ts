import { EMAIL_ADDRESS_MAX_CHARS, EMAIL_ADDRESS_PATTERN } from '../builtins/send-email.js';
import { z, httpUrlSchema } from './common.js';

/** The value rules of the keys, with how the document states each. */
const urlValue = { value: httpUrlSchema(), rule: 'an http or https URL of at most 2048 characters' };
const tokenValue = { value: z.string().min(1).max(4096), rule: '1 to 4096 characters' };

/** smtp:// or smtps://, optional user:password@ (percent-encoded), host, optional port; nothing after. */
const SMTP_URL_PATTERN =
  /^smtps?:\/\/(?:[^\s/?#@]+@)?(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?\/?$/;
const smtpPortValid = (url: string) => {
  try {
    const port = new URL(url).port;
    return port === '' || (Number(port) >= 1 && Number(port) <= 65535);
  } catch {
    return false;
  }
};

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
  WEB_SEARCH_PROVIDER: {
    secret: false,
    value: z.enum(['brave', 'exa']),
    rule: 'brave or exa',
    description:
      'The search API web_search calls: brave (default; WEB_SEARCH_API_KEY, WEB_SEARCH_URL) or exa (EXA_API_KEY, EXA_URL).',
  },
  EXA_API_KEY: {
    secret: true,
    ...tokenValue,
    description: 'Exa API key used by web_search when WEB_SEARCH_PROVIDER is exa (sent as x-api-key).',
  },
  EXA_URL: {
    secret: false,
    ...urlValue,
    description:
      'Endpoint of web_search with the exa provider (default https://api.exa.ai/search) or a server answering in its format.',
  },
  SMTP_URL: {
    secret: true,
    value: z
      .string()
      .max(2048)
      .regex(SMTP_URL_PATTERN, { message: 'must be smtp://[user:password@]host[:port] or smtps://…', abort: true })
      .refine(smtpPortValid, 'the port must be 1 to 65535'),
    rule: 'smtp:// (STARTTLS when offered, port 587 by default) or smtps:// (TLS, port 465 by default), with optional percent-encoded user:password@, a host and an optional port, nothing after',
    description: 'SMTP server send_email delivers through, with its credentials.',
  },
  SMTP_FROM: {
    secret: false,
    value: z.string().max(EMAIL_ADDRESS_MAX_CHARS).regex(EMAIL_ADDRESS_PATTERN, 'must be one plain e-mail address'),
    rule: 'one plain e-mail address (no display name)',
    description: 'The From address of the e-mails send_email sends.',
  },
  VISION_MODEL: {
    secret: false,
    value: z.string().min(1).max(200),
    rule: '1 to 200 characters',
    description:
      "Model of the generation's provider that describes images for web_scrape's includeImages (it must accept image inputs).",
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
