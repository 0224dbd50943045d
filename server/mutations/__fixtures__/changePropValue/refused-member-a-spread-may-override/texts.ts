import { overrides } from './overrides';

export const merged = { KEY: 'Khoá', ...overrides };
