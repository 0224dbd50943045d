/**
 * What a screen shows when its address cannot be used (an id in the path that is not a whole number from 1,
 * docs/console.md#route-ids): the router's error heading and the reason, inside the shell, with a way back.
 */
import { Link, type ErrorComponentProps } from '@tanstack/react-router';

export interface RouteErrorBack {
  to: '/' | '/region' | '/drone' | '/drone/sensor' | '/rubber-tree';
  label: string;
}

export function routeErrorComponent(back: RouteErrorBack) {
  return function RouteError({ error }: ErrorComponentProps) {
    return (
      <div role="alert" className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-semibold text-red-700">Unexpected Application Error!</h1>
        <p className="mt-2 text-slate-700">{error instanceof Error ? error.message : String(error)}</p>
        <Link to={back.to} className="mt-4 inline-block font-semibold text-emerald-700 underline-offset-2 hover:underline">
          {back.label}
        </Link>
      </div>
    );
  };
}
