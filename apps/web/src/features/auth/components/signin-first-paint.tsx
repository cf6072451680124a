import { type FocusEvent, type FormEvent, type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CookieBanner } from '../../../components/public/cookie-banner.tsx';
import { firstScreenDrawn } from '../../../lib/first-paint.ts';
import { t } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { type SigninDraft, takeSigninDraft, updateSigninDraft } from '../lib/signin-draft.ts';
import { AuthLayout } from './auth-layout.tsx';
import './signin-first-paint.css';

// The password field's limit (PASSWORD_MAX of @portal/contracts, which this first paint does not load).
const PASSWORD_MAX = 32;

// Addresses the real screen shows differently at once: a social sign-in error, a sign-in from the address.
const otherStart = /[?&](?:social_error|lac|lbc|login_as)=/;

const visibility = 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const visibilityOff =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

type Name = keyof SigninDraft['values'];

/** An outlined text field drawn like MUI's, whose value and focus go to the draft. */
function Field({ name, type, label, autoComplete, maxLength, end }: { name: Name; type: string; label: string; autoComplete: string; maxLength?: number; end?: ReactNode }) {
  const id = `field-${name}`;
  return (
    <div className="fp-field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className={end ? 'fp-input fp-adorned' : 'fp-input'}>
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          placeholder=" "
          onInput={(e) => updateSigninDraft({ values: { [name]: e.currentTarget.value } })}
          onFocus={() => updateSigninDraft({ focus: name })}
          onBlur={(e: FocusEvent<HTMLInputElement>) => {
            // Removed with the first paint: the real form takes the focus over.
            if (e.currentTarget.isConnected) updateSigninDraft({ focus: undefined });
          }}
        />
        {end}
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}

function SigninFirstPaint({ footer }: { footer?: ReactNode }) {
  const [shown, setShown] = useState(false);
  // Gone without the real form taking the draft over (the person went elsewhere): drop it. The
  // real form takes it in its layout effect, which runs before this cleanup.
  useEffect(() => () => void takeSigninDraft(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The real form sends it as soon as it is there (and says what is missing).
    updateSigninDraft({ submit: true });
  };
  const toggle = (
    <div className="fp-adornment">
      <button
        type="button"
        className="fp-icon-button"
        aria-label={shown ? t('passwordInput.hide') : t('passwordInput.show')}
        aria-pressed={shown}
        onClick={() => setShown((v) => !v)}
        onMouseDown={(e) => e.preventDefault()}
      >
        <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d={shown ? visibilityOff : visibility} />
        </svg>
      </button>
    </div>
  );
  return (
    <>
      <AuthLayout footer={footer}>
        <div className="fp-stack">
            <div>
              <h1>{t('auth.signin.title')}</h1>
              <p>{t('auth.signin.subtitle')}</p>
            </div>
            <form className="fp-form" noValidate onSubmit={submit}>
              <Field name="email" type="email" label={t('auth.signin.email')} autoComplete="email" />
              <Field name="password" type={shown ? 'text' : 'password'} label={t('auth.signin.password')} autoComplete="current-password" maxLength={PASSWORD_MAX} end={toggle} />
              <Link to="/forgot-password" className="fp-link fp-body2">
                {t('auth.signin.forgot')}
              </Link>
              <button type="submit" className="fp-submit">
                {t('auth.signin.submit')}
              </button>
            </form>
            <p className="fp-body2 fp-center">
              {t('auth.signin.noAccount')}{' '}
              <Link to="/signup" className="fp-link">
                {t('auth.signin.toSignup')}
              </Link>
            </p>
        </div>
      </AuthLayout>
      <CookieBanner />
    </>
  );
}

/**
 * What the app's routes show while their code loads on the first visit (the router's
 * HydrateFallback): Log In drawn in plain markup, so the screen appears without waiting for MUI
 * and the form builder, which take it over with what was typed (signin-draft.ts). Elsewhere, and
 * for a signed-in visitor (sent on to Dashboard), nothing: the page's background is already dark.
 * The route code starts loading once this has been painted (lib/first-paint.ts).
 */
export function AppFirstPaint({ footer }: { footer?: ReactNode }) {
  const { pathname, search } = useLocation();
  const signedIn = useSession() !== null;
  const show = pathname === '/signin' && !signedIn && !otherStart.test(search);
  // Once, for the first commit: what is on screen decides how the route code loads.
  const [drawn] = useState(show);
  useLayoutEffect(() => firstScreenDrawn(drawn), [drawn]);
  return show ? <SigninFirstPaint footer={footer} /> : null;
}
