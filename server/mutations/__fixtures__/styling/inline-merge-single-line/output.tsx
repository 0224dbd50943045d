export function Tile() {
  return (
    <div
      className="rounded"
      style={{
        color: 'red',
        marginTop: 4,
      }}
    >
      <em style={{ fontSize: '14px', fontWeight: '600' }}>Mủ cao su</em>
    </div>
  );
}
