/**
 * Faults a test can arm on the mock (`POST /_mock/faults`): the next N calls of a route answer a chosen status
 * and body instead of the real handler, so browser tests can show error and empty states on demand.
 */
import { z } from 'zod';
import { API_ROUTES } from '../contracts/api-routes.js';

const knownPaths: readonly string[] = [...new Set(Object.values(API_ROUTES).map((route) => route.path))];

export const faultRequestSchema = z
  .object({
    /** A route path of the API table, e.g. `/vam/drone/list` or `/vam/drone/update/:id`. */
    path: z.string().refine((p) => knownPaths.includes(p), {
      message: `must be a route path of the API: ${knownPaths.join(', ')}`,
    }),
    /** Only calls with this method; any method of that path when absent. */
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
    /** A final status: an informational 1xx is no answer, and a client would wait for the real one. */
    status: z.number().int().min(200).max(599),
    /** The answer's body; a JSON `{code, message}` naming the fault when absent. */
    body: z.unknown().optional(),
    /** How many calls answer with the fault before the route is itself again. */
    count: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type FaultRequest = z.infer<typeof faultRequestSchema>;

export interface Fault extends FaultRequest {
  remaining: number;
}

export class FaultPlan {
  private faults: Fault[] = [];

  arm(request: FaultRequest): Fault {
    const fault = { ...request, remaining: request.count };
    this.faults.push(fault);
    return fault;
  }

  /** The fault to answer this call with, if one is armed; counts the call against it. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.faults.find((f) => f.path === path && (!f.method || f.method === method));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
  }
}
