import type { Country } from '@contracts/api';
import { Link } from '@tanstack/react-router';
import { cardGradient, findCountryReference, formatPhoneCodes } from './country-reference';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{value || '—'}</dd>
    </div>
  );
}

export function CountryCard({ country }: { country: Country }) {
  const reference = findCountryReference(country.countryName);
  const headingId = `country-${country.countryId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
    >
      <div className={`flex items-center gap-4 bg-gradient-to-r p-5 text-white ${cardGradient(country.countryId)}`}>
        <span
          role="img"
          aria-label={reference ? `Cờ ${reference.name}` : 'Không có cờ'}
          className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-white/20 font-flag text-4xl"
        >
          {reference ? reference.flag : '🏳️'}
        </span>
        <div className="min-w-0">
          {reference ? (
            <p className="text-sm font-medium text-white">
              <span aria-hidden="true">{reference.continent.emoji}</span> {reference.continent.name}
            </p>
          ) : null}
          <h3 id={headingId} className="truncate text-xl font-bold" title={reference?.native ?? country.countryName}>
            {reference?.native ?? country.countryName}
          </h3>
          <p className="truncate text-sm text-white" title={reference?.name ?? country.countryName}>
            {reference?.name ?? country.countryName}
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        {reference ? (
          <dl className="divide-y divide-slate-100 text-sm">
            <Fact label="ID" value={String(country.countryId)} />
            <Fact label="Code" value={`${reference.iso2} / ${reference.iso3}`} />
            <Fact label="Capital" value={reference.capital} />
            <Fact label="Phone code" value={formatPhoneCodes(reference.phone)} />
          </dl>
        ) : (
          <>
            <dl className="divide-y divide-slate-100 text-sm">
              <Fact label="ID" value={String(country.countryId)} />
            </dl>
            <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">Country information not available</p>
          </>
        )}
        <div className="mt-auto pt-4">
        <Link
          to="/region/$countryId"
          params={{ countryId: country.countryId }}
          aria-label={`Xem khu vực của ${country.countryName}`}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-emerald-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Xem khu vực
        </Link>
        </div>
      </div>
    </article>
  );
}

export function CountryCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="country-skeleton" className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      <div className="h-24 animate-pulse bg-slate-200" />
      <div className="space-y-3 p-5">
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-10 animate-pulse rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
