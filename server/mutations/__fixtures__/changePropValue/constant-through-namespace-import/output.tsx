import * as texts from './texts';

function Panel({ title }: { title: string }) {
  return <section title={title} />;
}

export function Dashboard() {
  return <Panel title={texts.DASHBOARD_TAG} />;
}
