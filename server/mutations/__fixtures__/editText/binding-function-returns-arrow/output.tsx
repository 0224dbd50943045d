const unknownText = () => {
  return 'Không rõ';
};

export function Unknown() {
  return <dd>{unknownText()}</dd>;
}
