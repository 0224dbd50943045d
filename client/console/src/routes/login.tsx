import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { api } from '../api/api-client';
import { notify } from '../components/ui/notices';
import { LOGIN_FAILED, LOGIN_SUCCEEDED } from '../features/account/account-messages';
import { CredentialsForm } from '../features/account/credentials-form';
import { SESSION_END_MESSAGES, useSessionStore } from '../session/session-store';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  // Why the API signed the person out, if it did: said here rather than nowhere.
  const endedBecause = useSessionStore((s) => s.endedBecause);
  const { queryClient } = Route.useRouteContext();
  return (
    <CredentialsForm
      title="Đăng nhập"
      submitLabel="Đăng nhập"
      busyLabel="Đang đăng nhập..."
      notice={endedBecause ? SESSION_END_MESSAGES[endedBecause] : null}
      onSubmit={async (credentials) => {
        let answer;
        try {
          answer = await api.login(credentials);
        } catch {
          notify(LOGIN_FAILED, 'error');
          return;
        }
        queryClient.clear();
        signIn(answer.data.token, answer.data.role);
        notify(LOGIN_SUCCEEDED, 'success', { outlivesNavigation: true });
        await navigate({ to: '/', replace: true });
      }}
      footer={
        <>
          Chưa có tài khoản?{' '}
          <Link to="/register" className="font-semibold text-emerald-700 underline-offset-2 hover:underline">
            Đăng ký ngay
          </Link>
        </>
      }
    />
  );
}
