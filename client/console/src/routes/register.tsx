import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { api } from '../api/api-client';
import { notify } from '../components/ui/notices';
import { REGISTER_FAILED, REGISTER_SUCCEEDED } from '../features/account/account-messages';
import { CredentialsForm } from '../features/account/credentials-form';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  const navigate = useNavigate();
  return (
    <CredentialsForm
      title="Đăng ký tài khoản"
      submitLabel="Đăng ký"
      busyLabel="Đang đăng ký..."
      newPassword
      onSubmit={async (credentials) => {
        try {
          await api.register(credentials);
        } catch {
          notify(REGISTER_FAILED, 'error');
          return;
        }
        notify(REGISTER_SUCCEEDED, 'success', { outlivesNavigation: true });
        await navigate({ to: '/login' });
      }}
      footer={
        <>
          Đã có tài khoản?{' '}
          <Link to="/login" className="font-semibold text-emerald-700 underline-offset-2 hover:underline">
            Đăng nhập
          </Link>
        </>
      }
    />
  );
}
