import type { ReactNode } from 'react';
import styles from './Card.module.css';

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <p className={styles.cardBody}>{children}</p>
    </section>
  );
}
