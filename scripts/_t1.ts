import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from './../contracts/schemas/common.js';
const H = z.record(z.string().regex(/^[a-z]+$/), z.string()).openapi({ propertyNames: { pattern: '^[a-z]+$' }, maxProperties: 50 } as never);
const O = z.object({ a: z.string().optional(), b: z.string().optional(), n: z.number().int() }).openapi({ anyOf: [{ required: ['a'] }, { required: ['b'] }] });
const r = new OpenAPIRegistry();
r.register('T', z.object({ h: H, o: O }));
console.log(JSON.stringify(new OpenApiGeneratorV31(r.definitions).generateComponents().components?.schemas, null, 0));
