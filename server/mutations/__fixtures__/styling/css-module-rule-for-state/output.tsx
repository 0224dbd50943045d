import styles from './button.module.css';

export function SaveButton() {
  return <button className={styles.saveButton}>Lưu</button>;
}
