import clsx from 'clsx';
import styles from './plot.module.css';

export function Plot({ active }: { active: boolean }) {
  return (
    <div className={styles.plot}>
      <p className={clsx('muted', styles['plot-note'], active && styles.active)}>Lô 7</p>
    </div>
  );
}
