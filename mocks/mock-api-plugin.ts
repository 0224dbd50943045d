/**
 * Registers every route of the plantation API's table (contracts/api-routes) for the mock. The answers come from
 * mock-api-answers.ts, loaded with the rest of the mock by the first call (see mock-loader.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { API_ROUTES, type ApiRouteName, type RouteHead } from '../contracts/api-routes.js';
import { appError } from '../contracts/errors.js';
import { withMock, type MockLoader } from './mock-loader.js';

export const mockApiPlugin: FastifyPluginAsync<{ mock: MockLoader }> = async (app, { mock }) => {
  // Why: Fastify parses text/plain by default, so a text body reached the handlers as a string and got a 400;
  // the API takes JSON only, and any other content type is a 415 (this plugin's scope only).
  app.removeContentTypeParser('text/plain');

  for (const [name, head] of Object.entries(API_ROUTES) as [ApiRouteName, RouteHead][]) {
    app.route({
      method: head.method,
      url: head.path,
      // Why onRequest and not the handler: Fastify reads the body between the two, so a broken or non-JSON body
      // answered 400/415 before the token was looked at; an unauthenticated call must get its 401 first.
      onRequest: (request, reply) => withMock(mock, ({ answers }) => answers.onRequest(name, request, reply)),
      handler: (request, reply) => withMock(mock, ({ answers }) => answers.answer(name, request, reply)),
    });
  }

  // A path of the API called with another method is a 405 naming the methods it has, not a 404 (RFC 9110 §15.5.6).
  for (const [path, allowed] of methodsByPath()) {
    app.route({
      method: OTHER_METHODS.filter((method) => !allowed.includes(method)),
      url: path,
      handler: (request, reply) => {
        const failure = appError('METHOD_NOT_ALLOWED', request.method, path, allowed);
        return reply.code(405).header('allow', allowed.join(', ')).send(failure.toJSON());
      },
    });
  }
};

/**
 * The methods a 405 answers. OPTIONS is left out: a browser's preflight belongs to CORS (`mock --cors-origin`). HEAD
 * is answered by Fastify wherever GET is.
 */
const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function methodsByPath(): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const head of Object.values(API_ROUTES) as RouteHead[]) {
    const methods = [...(byPath.get(head.path) ?? []), head.method];
    byPath.set(head.path, head.method === 'GET' ? [...methods, 'HEAD'] : methods);
  }
  return byPath;
}
