import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../contracts/errors.js';
import { overlayPlugin } from './overlay-plugin.js';

describe('overlay plugin', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'overlay-plugin-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function serverFor(scriptFile: string) {
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      error instanceof AppError ? reply.code(error.statusCode).send(error.toJSON()) : reply.code(500).send({ message: String(error) }),
    );
    await app.register(overlayPlugin, { scriptFile });
    return app;
  }

  it('serves the built script as JavaScript, not cached', async () => {
    const file = join(dir, 'overlay.js');
    await writeFile(file, '(function(){})();');
    const app = await serverFor(file);
    const answer = await app.inject('/_studio/overlay.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe('(function(){})();');
    await app.close();
  });

  it('answers 404 with the catalogue shape when the script was not built', async () => {
    const app = await serverFor(join(dir, 'missing.js'));
    const answer = await app.inject('/_studio/overlay.js');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('npm run build') });
    await app.close();
  });
});
