/**
 * `/_mock/*`: controls for tests and demos. Reset to the seeded state, arm and clear faults, dump the state.
 * Absent in proxy mode, where there is no mock to control.
 *
 * A control that changes the mock (reset, faults) rewrites a `--data` file, so the server hands in its perimeter's
 * guard (`server/plugins/mock-controls-guard.ts`), run on every call before the body is read.
 */
import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import { fieldErrorsOf, validationError } from '../contracts/errors.js';
import { withMock, type MockLoader } from './mock-loader.js';

export interface MockControlsOptions {
  mock: MockLoader;
  /** Refuses a call before its body is read (a page of another site, a body that is not JSON). */
  guard: onRequestHookHandler;
}

export const mockControlsPlugin: FastifyPluginAsync<MockControlsOptions> = async (app, { mock, guard }) => {
  // The mock's code loads on its first use, a control's call included.
  const backendOf = () => withMock(mock, async ({ backend }) => backend);

  // Before the body is read, so a refused call reaches no code of the mock.
  app.addHook('onRequest', guard);

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
      throw validationError('fault', fieldErrorsOf(parsed.error.issues));
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
