import { matchClientRoute } from '@meydan/proto';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { SessionEffects } from '../features/session/SessionEffects';
import { selectDialog, type OpenDialog } from '../store/uiSlice';
import { useAppSelector } from '../store/store';
import { tr } from '../i18n/tr';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollRestoration } from './ScrollRestoration';
import { lazyComponent } from '../ui/lazyComponent';

// Dialogs are fetched the first time they open (with the dialog library and their validators): most visitors only
// read, and the first load of / has a size budget (web/scripts/initial-js.ts).
const CreatePollDialog = lazy(async () => ({
  default: (await import('../features/create-poll/CreatePollDialog')).CreatePollDialog,
}));
const LoginDialog = lazy(async () => ({ default: (await import('../features/session/LoginDialog')).LoginDialog }));
const RegisterDialog = lazy(async () => ({
  default: (await import('../features/session/RegisterDialog')).RegisterDialog,
}));
const ShareLinkDialog = lazy(async () => ({
  default: (await import('../features/create-poll/ShareLinkDialog')).ShareLinkDialog,
}));
const SignInRequiredDialog = lazy(async () => ({
  default: (await import('../features/session/SignInRequiredDialog')).SignInRequiredDialog,
}));
// The offline notice and the install card (which waits for the browser's offer, long after the first paint), fetched
// with the first render too rather than before it: the first load of / is at its budget.
const InstallPromptCard = lazyComponent(() => import('../features/pwa/InstallPromptCard'), 'InstallPromptCard');
const ConnectionNotice = lazyComponent(() => import('../features/connection/ConnectionNotice'), 'ConnectionNotice');
// Fetched right after the first render rather than before it; toasts wait in the store until it is there.
const Toaster = lazyComponent(() => import('../features/toasts/Toaster'), 'Toaster');

/** Mounts its children from the first time the dialog `kind` opens, then keeps them (for the closing animation). */
function MountedOnceOpened({ kind, children }: { kind: NonNullable<OpenDialog>['kind']; children: ReactNode }) {
  const dialog = useAppSelector(selectDialog);
  const [opened, setOpened] = useState(false);
  if (!opened && dialog?.kind === kind) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The frame around every screen, with the app-wide dialogs and toasts. react-router is a little more lenient than
 * the gateway (it also accepts '/kesfet//'); paths that `matchClientRoute` rejects — which the gateway answers with
 * 404 — show the not-found page here too, so both sides agree on what exists.
 */
export function Layout() {
  const { pathname } = useLocation();
  const known = matchClientRoute(pathname) !== null;

  return (
    <Shell>
      <SkipLink href="#main">{tr.app.skipToContent}</SkipLink>
      <Header />
      <Main id="main" tabIndex={-1} data-path={pathname}>
        {known ? <Outlet /> : <NotFoundPage />}
      </Main>
      <Footer />
      <ScrollRestoration />
      <MountedOnceOpened kind="login">
        <LoginDialog />
      </MountedOnceOpened>
      <MountedOnceOpened kind="register">
        <RegisterDialog />
      </MountedOnceOpened>
      <MountedOnceOpened kind="signInRequired">
        <SignInRequiredDialog />
      </MountedOnceOpened>
      <MountedOnceOpened kind="createPoll">
        <CreatePollDialog />
      </MountedOnceOpened>
      <MountedOnceOpened kind="shareLink">
        <ShareLinkDialog />
      </MountedOnceOpened>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <Suspense fallback={null}>
        <InstallPromptCard />
        <ConnectionNotice />
      </Suspense>
      <SessionEffects />
    </Shell>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

// At least a screen tall: the footer starts below the fold, so a screen's content arriving does not push it down
// in view (a layout shift on every screen shorter than the viewport at first).
const Main = styled.main`
  flex: 1;
  width: 100%;
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 2rem;

  &:focus { outline: none; }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 1rem;
  top: -3rem;
  z-index: 30;
  padding: 0.5rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;

  &:focus { top: 0.5rem; }
`;
