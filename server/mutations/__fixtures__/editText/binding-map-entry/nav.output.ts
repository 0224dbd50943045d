export const NAV_ENTRIES = [
  { label: 'Country catalogue', path: '/' },
  { label: 'Fields', path: '/field' },
  { label: 'Plan catalogue', path: '/plan' },
];
