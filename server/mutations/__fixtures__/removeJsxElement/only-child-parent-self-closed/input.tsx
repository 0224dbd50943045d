export function Toolbar({ onSave }: { onSave: () => void }) {
  return (
    <header className="toolbar">
      <div className="actions">
        <button type="button" onClick={onSave}>
          Save
        </button>
      </div>
      <div
        className="status"
        role="status"
      >
        <span>Saved</span>
      </div>
    </header>
  );
}
