export default function Chart({ children }: { children?: string }) {
  return <figure>{children}</figure>;
}
