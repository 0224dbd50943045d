/**
 * Registers every route of the plantation API's table (contracts/api-routes) for the mock. The answers come from
 * mock-api-answers.ts, loaded with the rest of the mock by the first call (see mock-loader.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { API_ROUTES, type ApiRouteName, type RouteHead } from '../contracts/api-routes.js';
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
};
