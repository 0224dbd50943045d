import './input.css';

export function CountryCard({ name, capital }: { name: string; capital: string }) {
  return (
    <article className="country-card">
      <h2 className="country-card-title">{name}</h2>
      <h3 className="text-sm">{capital}</h3>
    </article>
  );
}
