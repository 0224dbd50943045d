import shared from './shared-colors.js';

export default { content: ['./src/**/*.tsx'], theme: { extend: { colors: { ...shared, ink: '#111' } } } };
