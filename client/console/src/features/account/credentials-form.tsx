/**
 * The username/password form shared by sign-in and sign-up: both fields required with inline messages
 * (docs/console.md#session), one submission at a time, and what was typed is kept when the server says no.
 */
import { credentialsSchema, type Credentials } from '@contracts/api';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../components/ui/text-field';

type FieldErrors = Partial<Record<keyof Credentials, string>>;
/** idle → submitting → idle (the parent navigates away on success). */
type FormState = { status: 'idle' } | { status: 'submitting' };

export function validateCredentials(values: Credentials): FieldErrors {
  const parsed = credentialsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Credentials;
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface CredentialsFormProps {
  title: string;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when done; the form only goes back to idle. */
  onSubmit(values: Credentials): Promise<void>;
  footer: ReactNode;
  /** Lets password managers offer a new password (sign-up) instead of a stored one. */
  newPassword?: boolean;
  /** A message above the form (why the last session ended). */
  notice?: string | null;
}

export function CredentialsForm({ title, submitLabel, busyLabel, onSubmit, footer, newPassword = false, notice }: CredentialsFormProps) {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (key: keyof Credentials, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // Messages appear after the first attempt, then follow the typing.
    if (submitted) setErrors(validateCredentials(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.status === 'submitting') return;
    setSubmitted(true);
    const found = validateCredentials(values);
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setState({ status: 'submitting' });
    try {
      await onSubmit({ username: values.username.trim(), password: values.password });
    } finally {
      setState({ status: 'idle' });
    }
  };

  const busy = state.status === 'submitting';
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-emerald-50 via-white to-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Plantation Admin</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
        {notice ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {notice}
          </p>
        ) : null}
        <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4" aria-busy={busy}>
          <TextField
            ref={usernameRef}
            label="Tên đăng nhập"
            name="username"
            autoComplete="username"
            placeholder="Nhập tên đăng nhập"
            value={values.username}
            onChange={(e) => change('username', e.target.value)}
            error={errors.username}
          />
          <TextField
            ref={passwordRef}
            label="Mật khẩu"
            name="password"
            type="password"
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            placeholder="Nhập mật khẩu"
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            error={errors.password}
          />
          <button
            type="submit"
            disabled={busy}
            className="mt-2 rounded-lg bg-emerald-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-wait disabled:opacity-70"
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </form>
        <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>
      </div>
    </main>
  );
}
