import Heading from './heading';

export function Details() {
  return (
    <section>
      <Heading title={'Personal Info'} />
      <Heading title="Parents" />
    </section>
  );
}
