import styles from './badge.module.css';

export function Badge({ tone }: { tone: 'good' | 'bad' }) {
  return <span className={styles[tone]}>Tốt</span>;
}
