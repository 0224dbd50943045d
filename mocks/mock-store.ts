/**
 * The mock's in-memory store: the seeded state, its changes, and (with `--data`) their atomic persistence.
 * A class because it owns lasting state: the current data and the queue of writes to the data file.
 *
 * The seeded state can be made on first use (`open`, then `ready()`): generating it loads faker and takes a
 * tenth of a second or more, which a server's ready line should not wait for. What can be wrong with a data
 * file is still found by `open`, before the server says it is ready.
 */
import { constants } from 'node:fs';
import { access, lstat, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { appError } from '../contracts/errors.js';
import { DEMO_ACCOUNT, DEMO_PASSWORD_HASH, MOCK_STATE_VERSION, mockStateSchema, type MockState } from './mock-state.js';
import { MockDataFileError } from './mock-options.js';

export interface MockStoreOptions {
  seed: number;
  /** A JSON file the state is loaded from on start and saved to after every change. */
  dataFile?: string;
}

export class MockStore {
  private current: MockState | undefined;
  private seeding: Promise<void> | undefined;
  /** With a data file, changes and writes take turns: each change is made on the state the one before it saved. */
  private turns: Promise<unknown> = Promise.resolve();
  private changes = 0;

  private constructor(
    private readonly options: MockStoreOptions,
    initial: MockState | undefined,
  ) {
    this.current = initial;
  }

  /** Checks and loads the data file; the seeded state, when there is no file yet, is made by `ready()`. */
  static async open(options: MockStoreOptions): Promise<MockStore> {
    if (options.dataFile) {
      await removeStaleTempFiles(options.dataFile);
      const loaded = await loadDataFile(options.dataFile);
      if (loaded) return new MockStore(options, loaded);
      await checkWritable(options.dataFile);
    }
    return new MockStore(options, undefined);
  }

  /** `open` and `ready` in one: a store whose state is there at once. */
  static async create(options: MockStoreOptions): Promise<MockStore> {
    const store = await MockStore.open(options);
    await store.ready();
    return store;
  }

  /** Whether `state` can be read; when false, `ready()` makes it. */
  get isReady(): boolean {
    return this.current !== undefined;
  }

  /**
   * Resolves once the state is there: generates the seeded state on the first call when no data file gave one,
   * and writes it to the data file. A failed write fails that call only: the state stays, and every change
   * writes the whole state again.
   */
  ready(): Promise<void> {
    if (this.current && !this.seeding) return Promise.resolve();
    this.seeding ??= (async () => {
      if (!this.current) {
        this.current = await seededState(this.options.seed);
        this.changes++;
      }
      const made = this.current;
      await this.inTurn(() => this.write(made));
    })().then(
      () => {
        this.seeding = undefined;
      },
      (error: unknown) => {
        this.seeding = undefined;
        throw error;
      },
    );
    return this.seeding;
  }

  get state(): Readonly<MockState> {
    if (!this.current) throw new Error('The mock data is read before it was made: await store.ready() first');
    return this.current;
  }

  get seed(): number {
    return this.options.seed;
  }

  /** A number that is different after every change of the state (made, changed, reset): what answers depend on. */
  get version(): number {
    return this.changes;
  }

  /**
   * Applies a change. With a data file it resolves once the change is on disk, and a change whose save failed (a
   * full disk) is not made at all: it was applied to a copy, which replaces the state only once saved, and the call
   * fails with `MOCK_DATA_NOT_SAVED`.
   */
  async change<T>(apply: (state: MockState) => T): Promise<T> {
    await this.ready();
    if (!this.options.dataFile) {
      try {
        return apply(this.current!);
      } finally {
        // Even a change that threw half-way may have changed something.
        this.changes++;
      }
    }
    return this.inTurn(async () => {
      const next = structuredClone(this.current!);
      const result = apply(next);
      await this.write(next);
      this.current = next;
      this.changes++;
      return result;
    });
  }

  /** Back to the seeded state; with a data file, only once that is saved (else it fails as `change` does). */
  async reset(): Promise<void> {
    const seeded = await seededState(this.options.seed);
    await this.inTurn(async () => {
      await this.write(seeded);
      this.current = seeded;
      this.changes++;
    });
  }

  /** Runs `step` after every step before it, whether they failed or not. */
  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = this.turns.catch(() => undefined).then(step);
    this.turns = run;
    return run;
  }

  /** Writes `state` to the data file, if there is one, atomically; a failure is the catalogue's `MOCK_DATA_NOT_SAVED`. */
  private async write(state: MockState): Promise<void> {
    const file = this.options.dataFile;
    if (!file) return;
    const { default: writeFileAtomic } = await import('write-file-atomic');
    try {
      await writeFileAtomic(file, JSON.stringify(state, null, 1) + '\n');
    } catch (error) {
      throw appError('MOCK_DATA_NOT_SAVED', file, whyNotSaved(error as NodeJS.ErrnoException));
    }
  }
}

function whyNotSaved(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is used up';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return error.message;
  }
}

/**
 * The data file's temporary copies left by a process killed while it saved (`write-file-atomic` names them
 * `<file>.<a 32-bit number>`, beside the file): only regular files of exactly that name, never through a link, and
 * only a copy cut short. A whole JSON text under such a name is kept: it may as well be a backup the person made
 * (`data.json.20261127`), and a whole copy left by a kill after its last byte costs nothing but its place.
 */
async function removeStaleTempFiles(file: string): Promise<void> {
  const folder = dirname(file);
  const prefix = `${basename(file)}.`;
  for (const name of await readdir(folder).catch(() => [])) {
    const suffix = name.slice(prefix.length);
    if (!name.startsWith(prefix) || !/^\d{1,10}$/.test(suffix) || Number(suffix) > 0xffffffff) continue;
    const entry = join(folder, name);
    if ((await lstat(entry).catch(() => undefined))?.isFile() && (await isCutShort(entry))) await rm(entry, { force: true });
  }
}

async function isCutShort(entry: string): Promise<boolean> {
  try {
    JSON.parse(await readFile(entry, 'utf8'));
    return false;
  } catch (error) {
    return error instanceof SyntaxError;
  }
}

async function seededState(seed: number): Promise<MockState> {
  // Loaded on use: the generator pulls in faker and the country list.
  const { generateSeedData } = await import('./seed-data.js');
  return {
    version: MOCK_STATE_VERSION,
    seed,
    accounts: [
      {
        username: DEMO_ACCOUNT.username,
        role: DEMO_ACCOUNT.role,
        passwordHash: DEMO_PASSWORD_HASH,
      },
    ],
    ...generateSeedData(seed),
  };
}

async function loadDataFile(file: string): Promise<MockState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new MockDataFileError(`Cannot read the mock data file ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new MockDataFileError(
      `The mock data file ${file} is not valid JSON (${(error as Error).message}); fix it or remove it to start from the seed`,
    );
  }
  const parsed = mockStateSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new MockDataFileError(
      `The mock data file ${file} does not hold mock data (${first ? `${first.path.join('.') || 'root'}: ${first.message}` : 'unknown shape'}); fix it or remove it to start from the seed`,
    );
  }
  return parsed.data;
}

/** A data file that does not exist yet must be creatable: found at start, not at the first write. */
async function checkWritable(file: string): Promise<void> {
  const folder = dirname(file);
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) throw new MockDataFileError(`Cannot create the mock data file ${file}: the folder ${folder} does not exist`);
  try {
    await access(folder, constants.W_OK);
  } catch {
    throw new MockDataFileError(`Cannot create the mock data file ${file}: the folder ${folder} is not writable`);
  }
}
