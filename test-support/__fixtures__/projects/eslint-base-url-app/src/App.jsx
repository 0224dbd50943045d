import { Badge } from './components/Badge';
import { RowsPage } from 'features/rows/RowsPage';

export default function App() {
  return (
    <div className="app">
      <Badge label="Rubber" />
      <RowsPage />
    </div>
  );
}
