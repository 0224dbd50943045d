/**
 * Watches the console page for what the editor shows of it: its address (`LATEST_HREF` when it changes), and, in a
 * Vite page, its errors (`HYDRATION_STATUS`). Route changes are heard from the Navigation API, which reports every
 * change of the current history entry (pushes and replaces by the console's router, Back and Forward, fragments);
 * without it, from `history.pushState`/`replaceState` wrapped, `popstate` and `hashchange`. Nothing polls.
 */
import { VITE_FRAMEWORK } from '@contracts/frame-query.js';
import type { Channel } from './channel.js';
import { checkHydrationStatus, openErrorOverlay } from './hydration.js';

/** The part of the Navigation API used here (not in TypeScript's DOM library yet). */
interface NavigationLike {
  addEventListener(type: 'currententrychange', listener: () => void): void;
  removeEventListener(type: 'currententrychange', listener: () => void): void;
}

export interface PageWatcherOptions {
  channel: Channel;
  framework: string | null;
  /** The window watched; the page's own by default. */
  window?: Window;
}

export class PageWatcher {
  private lastHref: string;
  private readonly stops: (() => void)[] = [];
  private readonly win: Window;

  constructor(private readonly options: PageWatcherOptions) {
    this.win = options.window ?? window;
    this.lastHref = this.win.location.href;
  }

  start(): void {
    this.watchAddress();
    if (this.options.framework === VITE_FRAMEWORK) this.watchErrors();
  }

  stop(): void {
    while (this.stops.length) this.stops.pop()!();
  }

  /** Tells the editor the address, changed or not (a newly connected editor knows none). */
  reportAddress(): void {
    this.lastHref = this.win.location.href;
    this.options.channel.post('LATEST_HREF', { href: this.lastHref });
  }

  reportHydration(): void {
    this.options.channel.post('HYDRATION_STATUS', checkHydrationStatus(this.options.framework));
  }

  private addressMayHaveChanged = (): void => {
    if (this.win.location.href !== this.lastHref) this.reportAddress();
  };

  private watchAddress(): void {
    const navigation = (this.win as Window & { navigation?: NavigationLike }).navigation;
    if (navigation) {
      navigation.addEventListener('currententrychange', this.addressMayHaveChanged);
      this.stops.push(() => navigation.removeEventListener('currententrychange', this.addressMayHaveChanged));
      return;
    }
    this.listen('popstate', this.addressMayHaveChanged);
    this.listen('hashchange', this.addressMayHaveChanged);
    const history = this.win.history;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      const watched = (...args: Parameters<History['pushState']>) => {
        original.apply(history, args);
        this.addressMayHaveChanged();
      };
      history[method] = watched;
      this.stops.push(() => {
        if (history[method] === watched) history[method] = original;
      });
    }
  }

  private watchErrors(): void {
    this.listen('error', (event) => {
      openErrorOverlay((event as ErrorEvent).error ?? (event as ErrorEvent).message);
      this.reportHydration();
    });
    this.listen('unhandledrejection', (event) => {
      openErrorOverlay((event as PromiseRejectionEvent).reason);
      this.reportHydration();
    });
    // Vite adds its overlay to the body for build errors.
    const observer = new MutationObserver(() => this.reportHydration());
    observer.observe(this.win.document.body, { childList: true });
    this.stops.push(() => observer.disconnect());
  }

  private listen(type: string, listener: (event: Event) => void): void {
    this.win.addEventListener(type, listener);
    this.stops.push(() => this.win.removeEventListener(type, listener));
  }
}
