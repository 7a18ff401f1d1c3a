import type { BuiltinDefinition } from './types.js';
import { textGenerationConfigSchema, TEXT_DEFAULT_MAX_TOKENS } from './text-generation.js';

/** The most of a document or text a classification or extraction sends to the model. */
export const DOCUMENT_INPUT_MAX_CHARS = 100_000;
export const CLASSIFY_MIN_LABELS = 2;
export const CLASSIFY_MAX_LABELS = 50;
export const CLASSIFY_LABEL_MAX_CHARS = 200;
export const DOCUMENT_INSTRUCTIONS_MAX_CHARS = 2000;

/** The source of both tools: a knowledge-base document or inline text, exactly one of them. */
const sourceProperties = {
  documentId: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    description:
      'A document (doc_…) of a knowledge base linked to this agent; a longer document is cut at the cap. Give documentId or text, not both.',
  },
  text: {
    type: 'string',
    minLength: 1,
    maxLength: DOCUMENT_INPUT_MAX_CHARS,
    description: 'The text itself, instead of a documentId.',
  },
  instructions: {
    type: 'string',
    maxLength: DOCUMENT_INSTRUCTIONS_MAX_CHARS,
    description: 'What to pay attention to (definitions of the labels or fields, edge cases, …)',
  },
};

const nested = `One nested, non-streaming model call with the agent's provider (config.model picks another model of it; output up to config.maxTokens, default ${TEXT_DEFAULT_MAX_TOKENS}, tokens), made again once when the answer is invalid; both calls are one trace entry whose usage counts in the generation's usage. A document is read only from the knowledge bases linked to the agent, in its project; a document over ${DOCUMENT_INPUT_MAX_CHARS} characters is cut there (the result says truncated: true); text over it is refused.`;

export const classifyDocumentBuiltin: BuiltinDefinition = {
  name: 'classify_document',
  description:
    'Classify a knowledge-base document (documentId) or a text into exactly one of the given labels with a ' +
    'separate model call. Returns { label, confidence (0 to 1), reasoning }.',
  parameters: {
    type: 'object',
    properties: {
      ...sourceProperties,
      labels: {
        type: 'array',
        minItems: CLASSIFY_MIN_LABELS,
        maxItems: CLASSIFY_MAX_LABELS,
        uniqueItems: true,
        items: { type: 'string', minLength: 1, maxLength: CLASSIFY_LABEL_MAX_CHARS },
        description: 'The labels to choose from (the answer is exactly one of them)',
      },
    },
    required: ['labels'],
    additionalProperties: false,
  },
  config: textGenerationConfigSchema,
  limits: `${CLASSIFY_MIN_LABELS} to ${CLASSIFY_MAX_LABELS} unique labels of at most ${CLASSIFY_LABEL_MAX_CHARS} characters. ${nested}`,
};

export const extractFromDocumentBuiltin: BuiltinDefinition = {
  name: 'extract_from_document',
  description:
    'Extract structured data from a knowledge-base document (documentId) or a text with a separate model call: ' +
    'the result is JSON valid against the JSON Schema you give.',
  parameters: {
    type: 'object',
    properties: {
      ...sourceProperties,
      schema: {
        type: 'object',
        description:
          'JSON Schema (draft-07, top-level type "object") of the data to extract; local $refs only, at most 32 levels and 20,000 values',
      },
    },
    required: ['schema'],
    additionalProperties: false,
  },
  config: textGenerationConfigSchema,
  limits: `The schema is checked like a tool's parameters (draft-07, type "object", local $refs, at most 32 levels and 20,000 values); the model's JSON is validated against it and, when invalid, the model is asked once more with the errors. ${nested}`,
};
