import preset from './brand-preset.js';

export default { presets: [preset], content: ['./src/**/*.tsx'] };
