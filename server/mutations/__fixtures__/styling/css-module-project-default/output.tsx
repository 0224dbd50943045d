import { Card } from './card';
import styles from './input.module.css';

export function FieldPage() {
  return (
    <main className={styles.fieldPage}>
      <Card />
    </main>
  );
}
