import useSWR from 'swr';

export function DroneName({ id }: { id: number }) {
  const { data } = useSWR(['drone', id], () => fetch(`/vam/drone/list/details?droneId=${id}`).then((response) => response.json()));
  return <p className="font-medium">{data.name}</p>;
}
