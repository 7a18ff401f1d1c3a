import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from './../contracts/schemas/common.js';
const U = z.union([z.enum(['a','b']), z.object({t: z.literal('x')})]).openapi('U');
const O = z.object({ id: z.string() }).openapi('O');
const r = new OpenAPIRegistry();
r.register('T', z.object({ u: z.union([U, z.null()]), o: z.union([O, z.null()]).optional(), plain: U, o0: O, }));
console.log(JSON.stringify(new OpenApiGeneratorV31(r.definitions).generateComponents().components?.schemas, null, 0));
const x = z.union([O, z.null()]).optional();
console.log(x.safeParse(null).success, x.safeParse(undefined).success);
