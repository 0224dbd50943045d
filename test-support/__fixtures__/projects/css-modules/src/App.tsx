import { Card } from './Card';

export function App() {
  return (
    <main>
      <Card title="Field 12">Styled by a CSS module, with no Tailwind in the project.</Card>
    </main>
  );
}
