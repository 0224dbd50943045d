/**
 * `/_mock/*`: controls for tests and demos. Reset to the seeded state, arm and clear faults, dump the state.
 * Absent in proxy mode, where there is no mock to control.
 *
 * A control that changes the mock (reset, faults) rewrites a `--data` file, so a page of another site must not be
 * able to call it: a form or a `fetch` in `no-cors` mode sends a POST without asking first. Such a call names its page
 * (Origin, fetch metadata) and can only carry a form or plain-text body: a foreign page, and a body that is not JSON,
 * are refused before anything runs. Tools that name no page (curl, tests) call the controls as before.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { appError, validationError, type AppError } from '../server/errors.js';
import { foreignPageReason } from '../server/request-origin.js';
import { withMock, type MockLoader } from './mock-loader.js';

export interface MockControlsOptions {
  mock: MockLoader;
  /** The front ends `mock --cors-origin` lets call the server from a browser: their pages may use the controls too. */
  corsOrigins?: readonly string[];
}

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a call of a control is refused before it runs, or null. Reads (`GET`) change nothing and stay open. */
export function controlRefusal(request: FastifyRequest, corsOrigins: readonly string[]): AppError | null {
  if (!CHANGING_METHODS.has(request.method)) return null;
  const foreign = foreignPageReason(request.headers, corsOrigins);
  if (foreign) return appError('CROSS_SITE_REFUSED', `The mock control ${request.method} ${request.url.split('?')[0]}`, foreign);
  const type = request.headers['content-type'];
  const mediaType = type?.split(';')[0]?.trim().toLowerCase();
  // A body is JSON, the one type a page of another site cannot send without a preflight this server never answers.
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if ((type !== undefined || hasBody) && mediaType !== 'application/json') {
    return appError('CROSS_SITE_REFUSED', `The mock control ${request.method} ${request.url.split('?')[0]}`, `its content type "${type ?? '(none)'}" is not application/json`);
  }
  return null;
}

export const mockControlsPlugin: FastifyPluginAsync<MockControlsOptions> = async (app, { mock, corsOrigins = [] }) => {
  // The mock's code loads on its first use, a control's call included.
  const backendOf = () => withMock(mock, async ({ backend }) => backend);

  // Before the body is read, so a refused call reaches no code of the mock.
  app.addHook('onRequest', async (request, reply) => {
    const refusal = controlRefusal(request, corsOrigins);
    if (refusal) return reply.code(refusal.statusCode).send(refusal.toJSON());
  });

  app.post('/_mock/reset', async () => {
    const backend = await backendOf();
    await backend.store.reset();
    backend.faults.clear();
    return { message: `Mock data reset to seed ${backend.store.seed}` };
  });

  app.get('/_mock/faults', async () => ({ faults: (await backendOf()).faults.list() }));

  app.post('/_mock/faults', async (request, reply) => {
    const backend = await backendOf();
    // Loaded with the backend already: the fault plan is part of it.
    const { faultRequestSchema } = await import('./fault-plan.js');
    const parsed = faultRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw validationError(
        'fault',
        parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
      );
    }
    return reply.code(201).send({ fault: backend.faults.arm(parsed.data) });
  });

  app.delete('/_mock/faults', async () => {
    (await backendOf()).faults.clear();
    return { message: 'All faults cleared' };
  });

  app.get('/_mock/state', async () => {
    const backend = await backendOf();
    await backend.store.ready();
    const { accounts, ...data } = backend.store.state;
    // Why leave hashes out: the dump is for looking at data, and hashes are nobody's business.
    return { ...data, accounts: accounts.map(({ username, role }) => ({ username, role })) };
  });
};
