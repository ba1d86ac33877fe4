import type { FastifyInstance } from 'fastify';

/**
 * Parses JSON bodies and keeps their raw text too (`request.rawBody`): Stripe signs the exact bytes
 * of its webhooks. An empty body is no body; one that is not JSON is refused with 400.
 */
export function parseJsonKeepingRawBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
}
