import { Spinner } from './spinner';

/** The shared loading text (docs/console.md#the-shell). */
export const LOADING_TEXT = 'Đang tải...';

export function LoadingScreen() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-8">
      <Spinner label={LOADING_TEXT} visibleLabel />
    </div>
  );
}
