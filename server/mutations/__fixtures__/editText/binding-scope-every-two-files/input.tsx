import { Labelled } from './labelled';

export function Filters({ region }: { region: string }) {
  return (
    <form>
      <Labelled label="Quốc gia" />
      <Labelled label="Khu vực" />
      <Labelled label={region} />
    </form>
  );
}
