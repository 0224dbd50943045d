import { Labelled } from './labelled';

export function Filters({ region }: { region: string }) {
  return (
    <form>
      <Labelled label="Nước" />
      <Labelled label="Khu vực" />
      <Labelled label={region} />
    </form>
  );
}
