/** A default export, as a dashboard's cards often are. */
export default function TreeMetrics() {
  return <p>120 cây</p>;
}
