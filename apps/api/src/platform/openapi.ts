/** The OpenAPI document, generated from the route registry's zod schemas (zod 4's own JSON Schema). */
import { z } from 'zod';
import { changesData, type AreaRoutes } from './routes.ts';

const toOpenApiPath = (p: string) => `/api${p.replace(/\{\/:(\w+)\}/g, '/{$1}').replace(/:(\w+)/g, '{$1}')}`;

function schemaOf(s: z.ZodType) {
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

export function openApiDocument(areas: AreaRoutes[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { area, routes } of areas) {
    for (const r of routes) {
      const path = toOpenApiPath(r.path);
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
      const queryParams = r.query
        ? Object.entries((schemaOf(r.query) as { properties?: Record<string, unknown> }).properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema }))
        : [];
      const isWrite = r.method !== 'get';
      (paths[path] ??= {})[r.method] = {
        tags: [area],
        summary: r.summary,
        parameters: [
          ...params,
          ...queryParams,
          ...(changesData(r) ? [{ name: 'X-CSRFToken', in: 'header', required: true, schema: { type: 'string' }, description: 'the csrftoken cookie: every call that changes something needs it, whatever its method' }] : []),
          ...(changesData(r) && !r.public && !r.keyless ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'runs the call once per key and user: sent again with the same request, the first answer comes back (Idempotent-Replayed: true) and nothing more is written; with another request, 422 (docs/offline.md)' }] : []),
          ...(r.readsLists ? [{ name: 'X-Min-Position', in: 'header', required: false, schema: { type: 'string' }, description: 'wait (at most 2 s) until the list includes this write position' }] : []),
        ],
        ...(r.body
          ? { requestBody: { content: { 'application/json': { schema: schemaOf(r.body) } } } }
          : r.upload
            ? { requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, file_name: { type: 'string' }, file_type: { type: 'string' } } } }, 'application/json': { schema: { type: 'object', description: 'a complete resumable upload (POST /api/uploads) instead of the file, consumed once', properties: { upload: { type: 'string', format: 'uuid' }, file_name: { type: 'string' }, file_type: { type: 'string' } }, required: ['upload'] } } } } }
            : {}),
        responses: {
          '200': { description: 'OK' },
          ...(changesData(r) ? { '403': { description: 'missing or wrong X-CSRFToken' } } : {}),
          ...(isWrite ? { '400': { description: '{error, message, fields}: bad input, nothing written' }, '403': { description: 'missing or wrong X-CSRFToken' }, '409': { description: 'fields another user changed since the version sent: {error, message, fields, conflicts: [{field, yours, theirs, base, by, by_id, at, version}], current}; nothing written' }, '410': { description: 'the line was deleted: {error, message} says by whom and when' } } : {}),
          ...(changesData(r) && !r.public && !r.keyless ? { '422': { description: 'idempotency_key_reused: the Idempotency-Key was sent before with another request; nothing written' } } : {}),
          ...(r.public ? {} : { '401': { description: 'no session' }, '404': { description: 'not found (or another account\'s)' } }),
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Trenchline API', version: '0.1.0', description: 'Every write answers the record, its version (ETag) and the event position (X-Position).' },
    paths,
  };
}
