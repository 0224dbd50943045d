export function Tile() {
  return (
    <div
      className="rounded"
      style={{
        color: 'blue',
        backgroundColor: 'white',
        '--gap': '8px',
      }}
    >
      <em style={{ fontSize: '12px' }}>Mủ cao su</em>
    </div>
  );
}
