import PageMeta from './common/PageMeta';

export default function Home() {
  return (
    <>
      <PageMeta title="Tổng quan" />
    </>
  );
}
