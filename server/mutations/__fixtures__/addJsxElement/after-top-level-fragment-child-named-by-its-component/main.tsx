import { Page } from './input';

export function Main() {
  return (
    <div id="root">
      <Page items={[]} />
    </div>
  );
}
