function Heading(props: { title: string }) {
  return <h2>{props.title}</h2>;
}

export function Page() {
  return <Heading title="Vùng" />;
}
