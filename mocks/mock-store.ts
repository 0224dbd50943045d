/**
 * The mock's in-memory store: the seeded state, its changes, and (with `--data`) their atomic persistence.
 * A class because it owns lasting state: the current data and the queue of writes to the data file.
 */
import { readFile } from 'node:fs/promises';
import { DEMO_ACCOUNT, DEMO_PASSWORD_HASH, MOCK_STATE_VERSION, mockStateSchema, type MockState } from './mock-state.js';
import { MockDataFileError } from './mock-options.js';
import { generateSeedData } from './seed-data.js';

export interface MockStoreOptions {
  seed: number;
  /** A JSON file the state is loaded from on start and saved to after every change. */
  dataFile?: string;
}

export class MockStore {
  private current: MockState;
  private pendingWrite: Promise<void> = Promise.resolve();

  private constructor(
    private readonly options: MockStoreOptions,
    initial: MockState,
  ) {
    this.current = initial;
  }

  static async create(options: MockStoreOptions): Promise<MockStore> {
    if (options.dataFile) {
      const loaded = await loadDataFile(options.dataFile);
      if (loaded) return new MockStore(options, loaded);
    }
    const store = new MockStore(options, seededState(options.seed));
    if (options.dataFile) await store.save();
    return store;
  }

  get state(): Readonly<MockState> {
    return this.current;
  }

  get seed(): number {
    return this.options.seed;
  }

  /** Applies a change and, with a data file, resolves once it is on disk. */
  async change<T>(apply: (state: MockState) => T): Promise<T> {
    const result = apply(this.current);
    await this.save();
    return result;
  }

  async reset(): Promise<void> {
    this.current = seededState(this.options.seed);
    await this.save();
  }

  private save(): Promise<void> {
    const file = this.options.dataFile;
    if (!file) return Promise.resolve();
    // Why a chain: each save writes the state as it is when its turn comes, and a failed save must not
    // block the next one.
    this.pendingWrite = this.pendingWrite
      .catch(() => undefined)
      .then(async () => {
        const { default: writeFileAtomic } = await import('write-file-atomic');
        await writeFileAtomic(file, JSON.stringify(this.current, null, 1) + '\n');
      });
    return this.pendingWrite;
  }
}

function seededState(seed: number): MockState {
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
