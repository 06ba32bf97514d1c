import { matchClientRoute } from '@meydan/proto';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { tr } from '../i18n/tr';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * The frame around every screen. react-router is a little more lenient than the gateway (it also accepts
 * '/kesfet//'); paths that `matchClientRoute` rejects — which the gateway answers with 404 — show the
 * not-found page here too, so both sides agree on what exists.
 */
export function Layout() {
  const { pathname } = useLocation();
  const known = matchClientRoute(pathname) !== null;

  return (
    <Shell>
      <SkipLink href="#main">{tr.app.skipToContent}</SkipLink>
      {/* Session wiring comes with sign-in; until then everyone is a visitor. */}
      <Header />
      <Main id="main" tabIndex={-1}>
        {known ? <Outlet /> : <NotFoundPage />}
      </Main>
      <Footer />
      <ScrollRestoration />
    </Shell>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2rem 1rem;

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
