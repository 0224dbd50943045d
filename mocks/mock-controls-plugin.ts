/**
 * `/_mock/*`: controls for tests and demos. Reset to the seeded state, arm and clear faults, dump the state.
 * Absent in proxy mode, where there is no mock to control.
 */
import type { FastifyPluginAsync } from 'fastify';
import { validationError } from '../server/errors.js';
import { faultRequestSchema } from './fault-plan.js';
import type { MockBackend } from './mock-backend.js';

export const mockControlsPlugin: FastifyPluginAsync<{ backend: MockBackend }> = async (app, { backend }) => {
  app.post('/_mock/reset', async () => {
    await backend.store.reset();
    backend.faults.clear();
    return { message: `Mock data reset to seed ${backend.store.seed}` };
  });

  app.get('/_mock/faults', async () => ({ faults: backend.faults.list() }));

  app.post('/_mock/faults', async (request, reply) => {
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
    backend.faults.clear();
    return { message: 'All faults cleared' };
  });

  app.get('/_mock/state', async () => {
    await backend.store.ready();
    const { accounts, ...data } = backend.store.state;
    // Why leave hashes out: the dump is for looking at data, and hashes are nobody's business.
    return { ...data, accounts: accounts.map(({ username, role }) => ({ username, role })) };
  });
};
