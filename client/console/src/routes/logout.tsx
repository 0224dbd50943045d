import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Spinner } from '../components/ui/spinner';
import { LOGOUT_DELAY_MS } from '../features/account/account-messages';
import { useSessionStore } from '../session/session-store';

export const Route = createFileRoute('/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  const navigate = useNavigate();
  const { queryClient } = Route.useRouteContext();
  useEffect(() => {
    useSessionStore.getState().signOut();
    queryClient.clear();
    const timer = window.setTimeout(() => void navigate({ to: '/login', replace: true }), LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, queryClient]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-8">
      <Spinner label="Đang đăng xuất" />
      <h1 className="text-lg font-medium text-slate-700">Đang đăng xuất khỏi hệ thống...</h1>
    </main>
  );
}
