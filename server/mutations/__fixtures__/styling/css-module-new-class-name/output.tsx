import styles from './card.module.css';

export function Card({ title }: { title: string }) {
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <p className={styles.cardText}>Lô 7</p>
    </section>
  );
}
