import { Labelled } from './labelled';

export function Report() {
  return (
    <dl>
      <Labelled label={'Quốc gia'} />
      <Labelled label="Quốc gia" />
    </dl>
  );
}
