export const NAV_ENTRIES = [
  { label: 'Country catalogue', path: '/' },
  { label: 'Field catalogue', path: '/field' },
  { label: 'Plan catalogue', path: '/plan' },
];
