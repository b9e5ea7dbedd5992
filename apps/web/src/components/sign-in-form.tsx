'use client';

import { useState, type FormEvent } from 'react';
import { authClient } from '@/lib/auth/auth-client';

export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const { error: failed } = await authClient.signIn.email({
      email: String(form.get('email')),
      password: String(form.get('password')),
    });
    if (failed) {
      setBusy(false);
      setError(
        failed.status === 401
          ? 'Wrong email or password.'
          : (failed.message ?? `Sign-in failed (HTTP ${failed.status}).`),
      );
      return;
    }
    // A full load: the server renders the pages for the new account's role.
    window.location.assign(next);
  };
  return (
    <form className="sign-in card" onSubmit={(e) => void submit(e)}>
      <h1>Sign in</h1>
      <p className="muted">
        Accounts are made by an admin of this server (<code>frontier user add</code>).
      </p>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p className="error" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
