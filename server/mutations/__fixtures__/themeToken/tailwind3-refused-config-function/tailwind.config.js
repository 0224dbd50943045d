export default () => ({ content: ['./src/**/*.tsx'], theme: { extend: {} } });
