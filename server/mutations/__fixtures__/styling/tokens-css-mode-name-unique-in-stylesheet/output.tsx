import './input.css';

export function CountryCard({ name, capital }: { name: string; capital: string }) {
  return (
    <article className="country-card">
      <h2 className="country-card-title">{name}</h2>
      <h2 className="text-sm country-card-title-2">{capital}</h2>
    </article>
  );
}
