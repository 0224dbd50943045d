/**
 * The proxy's calls to its upstream, on one undici pool, as the dispatcher @fastify/http-proxy makes them through.
 *
 * Why a dispatcher of our own: reply-from (what @fastify/http-proxy forwards with) calls
 * `dispatcher.request(options, callback)` with no abort signal and gives no handle on the call before its headers
 * arrive, so a call past its deadline, or one the console gave up on, would keep its socket until undici's own timers
 * ran out. Its `undici` option takes any object with `request`: this one gives each call the signal of the console
 * request it serves (found through an AsyncLocalStorage that `serve` enters around the route's handler), and counts
 * the calls in flight from the console's arrival to the end of the upstream's answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
import { appError } from '../../contracts/errors.js';

/** Why a call to the upstream was given up: its deadline passed. */
export class DeadlinePassed extends Error {
  override name = 'DeadlinePassed';
}

/** Why a call to the upstream was given up: the console went away first. */
class ClientGone extends Error {
  override name = 'ClientGone';
}

export interface UpstreamLimits {
  /** How long one call may take, from its arrival to the last byte of the upstream's answer, in milliseconds. */
  timeoutMs: number;
  /** How many calls may be in flight at once; one more is refused with 503. */
  maxInFlight: number;
}

/** One console request being served: the signal that stops its upstream call, and the end that frees its place. */
interface Call {
  readonly signal: AbortSignal;
  end(): void;
}

type RequestCallback = (error: Error | null, data: Dispatcher.ResponseData) => void;

export class UpstreamCalls {
  readonly #origin: string;
  readonly #limits: UpstreamLimits;
  readonly #pool: Pool;
  readonly #current = new AsyncLocalStorage<Call>();
  #inFlight = 0;

  constructor(origin: string, limits: UpstreamLimits) {
    this.#origin = origin;
    this.#limits = limits;
    this.#pool = new Pool(origin, {
      // One socket per call in flight: a call never waits for another's socket.
      connections: limits.maxInFlight,
      pipelining: 1,
      // The deadline is the real bound; these only keep undici's defaults (10 s, 300 s) from contradicting it.
      connectTimeout: limits.timeoutMs,
      headersTimeout: limits.timeoutMs,
      bodyTimeout: limits.timeoutMs,
      // Why explicit: a studio that forwards sign-in tokens must not hand them to whoever answers in the host's name.
      connect: { rejectUnauthorized: true },
    });
  }

  /**
   * Runs `forward` (the handler that makes the upstream call through this dispatcher) as the call serving `reply`:
   * refused with UPSTREAM_SATURATED when the calls in flight are at the limit, else bounded by the deadline and
   * stopped when the console goes away.
   */
  serve<T>(reply: FastifyReply, forward: () => T): T {
    if (this.#inFlight >= this.#limits.maxInFlight) throw appError('UPSTREAM_SATURATED', this.#origin, this.#limits.maxInFlight);
    const call = this.#open(reply);
    try {
      return this.#current.run(call, forward);
    } catch (error) {
      call.end();
      throw error;
    }
  }

  /** Undici's callback form of `Dispatcher.request`, the one reply-from calls. */
  request(options: Dispatcher.RequestOptions, callback: RequestCallback): void {
    const call = this.#current.getStore();
    if (!call) {
      // Why refused: a call with no console request behind it would have no deadline and no place counted.
      queueMicrotask(() => callback(new Error('an upstream call made outside UpstreamCalls.serve'), undefined as never));
      return;
    }
    this.#pool.request({ ...options, signal: call.signal }, (error, data) => {
      if (error) {
        call.end();
        return callback(error, data);
      }
      // The call ends when the answer's body does: read to the end, broken off by the deadline, or dropped.
      data.body.once('close', call.end);
      if (data.statusCode > 599) {
        data.body.destroy();
        return callback(appError('UPSTREAM_BAD_ANSWER', this.#origin, `status ${data.statusCode} is not an HTTP status`), data);
      }
      callback(null, data);
    });
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  destroy(): Promise<void> {
    return this.#pool.destroy();
  }

  #open(reply: FastifyReply): Call {
    this.#inFlight += 1;
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(new DeadlinePassed()), this.#limits.timeoutMs);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.#inFlight -= 1;
      clearTimeout(deadline);
      reply.raw.off('close', onClose);
    };
    // The console's answer is over (sent, or its connection gone): a call still running has nobody to answer.
    const onClose = () => {
      if (!ended) controller.abort(new ClientGone());
      end();
    };
    reply.raw.once('close', onClose);
    return { signal: controller.signal, end };
  }
}
