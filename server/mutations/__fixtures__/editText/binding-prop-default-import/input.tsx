import Heading from './heading';

export function Details() {
  return (
    <section>
      <Heading title={'Personal Details'} />
      <Heading title="Parents" />
    </section>
  );
}
