import styles from './card.module.css';

export function Card() {
  return <section className={styles.card}>Lô 7</section>;
}
