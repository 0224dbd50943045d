function Label({ text }: { text: string }) {
  return <span>{text}</span>;
}

function Field({ title }: { title: string }) {
  return (
    <label>
      <Label text={title} />
    </label>
  );
}

export function Form() {
  return <Field title="Tên lô" />;
}
