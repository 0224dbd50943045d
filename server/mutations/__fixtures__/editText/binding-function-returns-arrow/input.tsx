const unknownText = () => {
  return 'Chưa xác định';
};

export function Unknown() {
  return <dd>{unknownText()}</dd>;
}
