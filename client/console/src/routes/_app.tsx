import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '../components/shell/app-shell';
import { isSignedIn } from '../session/session-store';

/** The guarded layout: every screen under it needs a stored token (docs/console.md#session). */
export const Route = createFileRoute('/_app')({
  beforeLoad: () => {
    if (!isSignedIn()) throw redirect({ to: '/login', replace: true });
  },
  component: GuardedLayout,
});

function GuardedLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
