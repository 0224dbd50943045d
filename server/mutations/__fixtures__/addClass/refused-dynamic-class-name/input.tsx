export function Row({ styles, label }: { styles: string; label: string }) {
  return (
    <div className={styles} style={rowStyle}>
      <strong>{label}</strong>
    </div>
  );
}

const rowStyle = { color: 'red' };
