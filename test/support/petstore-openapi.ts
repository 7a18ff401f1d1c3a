/**
 * A small petstore-like OpenAPI 3.0 document for the import tests: path and query parameters, a
 * JSON body with a $ref, a form body, a bearer scheme, and operations an http tool cannot send.
 */
export function petstore(serverUrl = 'https://pets.example.com/v1'): Record<string, any> {
  return {
    openapi: '3.0.3',
    info: { title: 'Petstore', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      parameters: {
        petId: { name: 'petId', in: 'path', required: true, schema: { type: 'string' }, description: 'The pet' },
      },
      schemas: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 100 },
            tag: { type: 'string', nullable: true },
            owner: { $ref: '#/components/schemas/Owner' },
          },
        },
        Owner: { type: 'object', properties: { email: { type: 'string' } } },
      },
    },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, exclusiveMaximum: true, maximum: 100 },
            },
          ],
        },
        post: {
          operationId: 'createPet',
          summary: 'Create a pet',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
          },
        },
      },
      '/pets/{petId}': {
        parameters: [{ $ref: '#/components/parameters/petId' }],
        get: { operationId: 'showPetById', summary: 'Info for a pet', description: 'One pet by id.' },
      },
      '/pets/{petId}/notes': {
        post: {
          operationId: 'add pet.note',
          parameters: [{ $ref: '#/components/parameters/petId' }],
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
              },
            },
          },
        },
      },
      '/pets/{petId}/photo': {
        put: {
          operationId: 'uploadPhoto',
          parameters: [{ $ref: '#/components/parameters/petId' }],
          requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } },
        },
      },
      '/session': {
        get: {
          operationId: 'whoAmI',
          security: [],
          parameters: [{ name: 'sid', in: 'cookie', schema: { type: 'string' } }],
        },
      },
    },
  };
}
