function formatArea(hectares: number): string {
  return `${hectares} ha`;
}

export function Area({ hectares }: { hectares: number }) {
  return <dd>{formatArea(hectares)}</dd>;
}
