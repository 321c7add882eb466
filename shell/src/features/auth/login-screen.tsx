import { useCallback, useRef, useState } from 'react';
import { Alert, Tabs, useBranding } from '@pitwall/kit';
import { readLastLoginTab, rememberLoginTab, type LoginTab } from './last-login-tab';
import { emptyLoginDraft, type LoginDraft } from './login-draft';
import { LoginForm } from './login-form';
import { SetupTeamForm } from './setup-team-form';

/**
 * docs/product.md, 'Sign-in': three login modes in tabs; errors in a red alert above the tabs. Opens on
 * the tab used last on this device ('Team Member' the first time); what was typed (username,
 * password, and the Setup Team fields) stays when switching tabs.
 */
export function LoginScreen() {
  const { branding } = useBranding();
  const [tab, setTab] = useState<LoginTab>(() => readLastLoginTab());
  const [error, setError] = useState<string | null>(null);
  // A ref, not state: typing must not re-render the screen; a tab's form reads it when it mounts.
  const draft = useRef<LoginDraft>(emptyLoginDraft());
  const onDraftChange = useCallback((values: Partial<LoginDraft>) => Object.assign(draft.current, values), []);

  return (
    <main className="shell-login">
      <div className="shell-login__panel">
        <header className="shell-login__brand">
          <img src={branding.logoUrl} alt="" className="shell-login__logo" />
          <div>
            <p className="shell-login__team">{branding.teamName}</p>
            <p className="shell-login__subtitle">{branding.teamSubtitle}</p>
          </div>
        </header>
        <h1 className="shell-login__title">Sign in to Pitwall</h1>
        {error && <Alert>{error}</Alert>}
        <Tabs
          label="Sign-in mode"
          value={tab}
          onValueChange={(value) => {
            setTab(value as LoginTab);
            rememberLoginTab(value as LoginTab);
            setError(null);
          }}
          items={[
            {
              value: 'setup',
              label: 'Setup Team',
              content: (
                <>
                  <p className="shell-login__hint">Create your team and its owner account.</p>
                  <SetupTeamForm onError={setError} draft={draft.current} onDraftChange={onDraftChange} />
                </>
              ),
            },
            {
              value: 'admin',
              label: 'Admin Login',
              content: (
                <>
                  <p className="shell-login__hint">For existing team administrators.</p>
                  <LoginForm loginType="admin" onError={setError} draft={draft.current} onDraftChange={onDraftChange} />
                </>
              ),
            },
            {
              value: 'member',
              label: 'Team Member',
              content: (
                <>
                  <p className="shell-login__hint">Use the credentials provided by your administrator.</p>
                  <LoginForm loginType="member" onError={setError} draft={draft.current} onDraftChange={onDraftChange} />
                </>
              ),
            },
          ]}
        />
      </div>
    </main>
  );
}
