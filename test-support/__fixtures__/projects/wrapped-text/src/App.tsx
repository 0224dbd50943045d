import { Button } from 'wrap-ui';
import { Deep } from './Deep';

export function App() {
  return (
    <main>
      <h1>Field notes</h1>
      <Button>Save</Button>
      <Deep />
    </main>
  );
}
