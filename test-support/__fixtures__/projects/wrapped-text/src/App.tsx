import { Button } from 'wrap-ui';

export function App() {
  return (
    <main>
      <h1>Field notes</h1>
      <Button>Save</Button>
    </main>
  );
}
