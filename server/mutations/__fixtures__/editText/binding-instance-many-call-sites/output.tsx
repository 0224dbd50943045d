function Fact({ label }: { label: string }) {
  return (
    <div>
      <dt>{label}</dt>
    </div>
  );
}

export function List() {
  return (
    <dl>
      <Fact label="Mục 0" />
      <Fact label="Mục 1" />
      <Fact label="Mục 2" />
      <Fact label="Mục 3" />
      <Fact label="Mục 4" />
      <Fact label="Mục 5" />
      <Fact label="Mục 6" />
      <Fact label="Mục 7" />
      <Fact label="Mục 8" />
      <Fact label="Mục 9" />
      <Fact label="Mục 10" />
      <Fact label="Mục 11" />
      <Fact label="Mục 12" />
      <Fact label="Mục 13" />
      <Fact label="Mục 14" />
      <Fact label="Mục 15" />
      <Fact label="Mục 16" />
      <Fact label="Mục 17" />
      <Fact label="Mục 18" />
      <Fact label="Mục 19" />
      <Fact label="Mục 20" />
      <Fact label="Mục 21" />
      <Fact label="Mục 22" />
      <Fact label="Mục 23" />
      <Fact label="Mục 24" />
      <Fact label="Mục 25" />
      <Fact label="Mục 26" />
      <Fact label="Mục 27" />
      <Fact label="Mục 28" />
      <Fact label="Mục 29" />
      <Fact label="Mục 30" />
      <Fact label="Mục 31" />
      <Fact label="Mục 32" />
      <Fact label="Mục 33" />
      <Fact label="Mục 34" />
      <Fact label="Mục 35" />
      <Fact label="Mục 36" />
      <Fact label="Mục 37" />
      <Fact label="Mục 38" />
      <Fact label="Mục 39" />
      <Fact label="Mục 40" />
      <Fact label="Mục 41" />
      <Fact label="Mục 42" />
      <Fact label="Mục 43" />
      <Fact label="Mục 44" />
      <Fact label="Mục 45" />
      <Fact label="Mục 46" />
      <Fact label="Mục 47" />
      <Fact label="Mục 48" />
      <Fact label="Mục 49" />
      <Fact label="Mục 50" />
      <Fact label="Mục 51" />
      <Fact label="Mục 52" />
      <Fact label="Mục 53" />
      <Fact label="Mục 54" />
      <Fact label="Mục 55" />
      <Fact label="Mục 56" />
      <Fact label="Mục 57" />
      <Fact label="Mục 58" />
      <Fact label="Mục 59" />
      <Fact label="Mục 60" />
      <Fact label="Mục 61" />
      <Fact label="Mục 62" />
      <Fact label="Mục 63" />
      <Fact label="Mục 64" />
      <Fact label="Mục 65" />
      <Fact label="Mục 66" />
      <Fact label="Mục 67" />
      <Fact label="Mục 68" />
      <Fact label="Mục cuối" />
    </dl>
  );
}
