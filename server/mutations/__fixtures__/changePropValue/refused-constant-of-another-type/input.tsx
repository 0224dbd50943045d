import { DEFAULT_TONE, ROWS_PER_PAGE } from './tones';

function Table({ tone, rows }: { tone: string; rows: number }) {
  return <table data-tone={tone} data-rows={rows} />;
}

export function Page() {
  return <Table tone={DEFAULT_TONE} rows={ROWS_PER_PAGE} />;
}
