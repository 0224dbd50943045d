import { Labelled } from './labelled';

export function Report() {
  return (
    <dl>
      <Labelled label={'Nước'} />
      <Labelled label="Nước" />
    </dl>
  );
}
