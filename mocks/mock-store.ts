/**
 * The mock's in-memory store: the seeded state, its changes, and (with `--data`) their atomic persistence.
 * A class because it owns lasting state: the current data and the queue of writes to the data file.
 *
 * The seeded state can be made on first use (`open`, then `ready()`): generating it loads faker and takes a
 * tenth of a second or more, which a server's ready line should not wait for. What can be wrong with a data
 * file is still found by `open`, before the server says it is ready.
 */
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEMO_ACCOUNT, DEMO_PASSWORD_HASH, MOCK_STATE_VERSION, mockStateSchema, type MockState } from './mock-state.js';
import { MockDataFileError } from './mock-options.js';
import { keyedSerialQueue } from '../contracts/serial-queue.js';

export interface MockStoreOptions {
  seed: number;
  /** A JSON file the state is loaded from on start and saved to after every change. */
  dataFile?: string;
}

export class MockStore {
  private current: MockState | undefined;
  private seeding: Promise<void> | undefined;
  private readonly writes = keyedSerialQueue<'data file'>();
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
      await this.save();
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

  /** Applies a change and, with a data file, resolves once it is on disk. */
  async change<T>(apply: (state: MockState) => T): Promise<T> {
    await this.ready();
    let result: T;
    try {
      result = apply(this.current!);
    } finally {
      // Even a change that threw half-way may have changed something.
      this.changes++;
    }
    await this.save();
    return result;
  }

  async reset(): Promise<void> {
    this.current = await seededState(this.options.seed);
    this.changes++;
    await this.save();
  }

  private save(): Promise<void> {
    const file = this.options.dataFile;
    if (!file) return Promise.resolve();
    // Why a chain: each save writes the state as it is when its turn comes, and a failed save must not
    // block the next one.
    return this.writes('data file', async () => {
      const { default: writeFileAtomic } = await import('write-file-atomic');
      await writeFileAtomic(file, JSON.stringify(this.current, null, 1) + '\n');
    });
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
