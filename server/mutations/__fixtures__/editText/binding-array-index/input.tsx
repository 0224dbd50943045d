const STEPS = [{ label: 'Chọn vườn' }, { label: 'Chọn lô' }];

export function Step() {
  return <p>{STEPS[1].label}</p>;
}
