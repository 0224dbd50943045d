/**
 * A labelled search input. Without `onSubmit` it filters as the person types; with it, the search runs only
 * from the search-icon button or Enter (the robot screen, docs/console.md#search-and-filter-rules).
 */
import { useId } from 'react';

export interface SearchBoxProps {
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  onSubmit?(): void;
  className?: string;
}

export function SearchBox({ label, placeholder, value, onChange, onSubmit, className = '' }: SearchBoxProps) {
  const id = useId();
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-3 pr-11 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        />
        {onSubmit ? (
          <button
            type="submit"
            aria-label="Tìm kiếm"
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            <SearchIcon />
          </button>
        ) : (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-400">
            <SearchIcon />
          </span>
        )}
      </div>
    </form>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}
