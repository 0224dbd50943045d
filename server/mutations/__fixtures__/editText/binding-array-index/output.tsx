const STEPS = [{ label: 'Chọn vườn' }, { label: 'Chọn cánh đồng' }];

export function Step() {
  return <p>{STEPS[1].label}</p>;
}
