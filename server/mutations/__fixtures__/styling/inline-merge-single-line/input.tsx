export function Tile() {
  return (
    <div
      className="rounded"
      style={{
        color: 'red',
        marginTop: 4,
      }}
    >
      <em style={{ fontSize: '12px' }}>Mủ cao su</em>
    </div>
  );
}
