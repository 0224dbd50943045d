export function Toolbar({ onSave }: { onSave: () => void }) {
  return (
    <header className="toolbar">
      <div className="actions" />
      <div
        className="status"
        role="status"
      />
    </header>
  );
}
