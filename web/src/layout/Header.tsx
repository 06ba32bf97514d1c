import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch } from '../store/store';
import { useCurrentUser, useLogoutMutation, useMemberGate } from '../features/session/sessionApi';
import { useToast } from '../features/toasts/useToast';
import { dialogOpened } from '../store/uiSlice';
import { tr } from '../i18n/tr';
import { Avatar } from '../ui/Avatar';
import { Hidden } from '../ui/Spinner';
import { useThemeMode } from '../theme/ThemeProvider';
import { Button, ButtonLink, IconButton } from '../ui/buttons';
import { CloseIcon, MenuIcon, MoonIcon, PlusIcon, SunIcon } from '../ui/icons';
import { HeaderSearch } from './HeaderSearch';
import { lazyComponent } from '../ui/lazyComponent';

// Members only, with the popover library: fetched after the first render (web/scripts/initial-js.ts). Until then an
// empty square of the bell's size keeps the header from shifting.
const NotificationBell = lazyComponent(() => import('../features/notifications/NotificationBell'), 'NotificationBell');

const MENU_ID = 'site-menu';

/**
 * The header keeps to the page's column (72rem) with the search box from 1024 px (HeaderSearch): the create button
 * shows its icon (its name is its label and title), and below 1280 px the logo shows only its mark.
 */
const HEADER_TIGHT = '1279.98px';

/**
 * Logo, the spec's links (Dost Meclisi only for members), the create button (the creation dialog, or the
 * sign-in-required dialog for visitors), Giriş Yap / Kayıt Ol or Çıkış Yap, the bell, the theme toggle and the
 * mobile menu.
 */
export function Header() {
  const { mode, toggle } = useThemeMode();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { user, isMember } = useCurrentUser();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [logout] = useLogoutMutation();
  const gate = useMemberGate();

  // A followed link closes the mobile menu.
  const menuPath = useRef(pathname);
  useEffect(() => {
    if (menuPath.current === pathname) return;
    menuPath.current = pathname;
    setMenuOpen(false);
  }, [pathname]);

  const create = () => {
    setMenuOpen(false);
    gate('create', () => dispatch(dialogOpened({ kind: 'createPoll' })));
  };
  const signIn = () => {
    setMenuOpen(false);
    dispatch(dialogOpened({ kind: 'login' }));
  };
  const signOut = async () => {
    setMenuOpen(false);
    await logout();
    toast({ title: tr.logout.done, description: tr.logout.doneText });
  };

  return (
    <Bar>
      <Inner>
        <Logo to="/" aria-label={tr.nav.home}>
          <LogoMark aria-hidden="true" />
          <span>{tr.app.name}</span>
        </Logo>

        <Menu id={MENU_ID} $open={menuOpen}>
          <Nav aria-label={tr.nav.label}>
            <NavItem to="/kesfet">{tr.nav.discover}</NavItem>
            <NavItem to="/trending">{tr.nav.trending}</NavItem>
            {isMember && <NavItem to="/dost-meclisi">{tr.nav.friendsCircle}</NavItem>}
            <NavItem to="/profil">{tr.nav.profile}</NavItem>
            <NavItem to="/ayarlar">{tr.nav.settings}</NavItem>
          </Nav>
          <HeaderSearch />
          <Account>
            {isMember ? (
              <Button onClick={signOut}>{tr.nav.signOut}</Button>
            ) : (
              <>
                <Button onClick={signIn}>{tr.nav.signIn}</Button>
                <ButtonLink to="/kayit" $variant="subtle">
                  {tr.nav.register}
                </ButtonLink>
              </>
            )}
          </Account>
        </Menu>

        <Tools>
          <CreateButton
            $variant="primary"
            onClick={create}
            aria-label={tr.nav.createPoll}
            title={tr.nav.createPoll}
            data-create-poll
          >
            <PlusIcon />
            <span>{tr.nav.createPoll}</span>
          </CreateButton>
          {isMember ? (
            <Suspense fallback={<BellSpace aria-hidden="true" />}>
              <NotificationBell />
            </Suspense>
          ) : null}
          {user ? (
            <AvatarLink to="/profil" title={user.displayName ?? user.username} data-header-avatar>
              <Avatar name={user.displayName ?? user.username} src={user.avatarUrl} size="sm" decorative />
              <Hidden>{tr.nav.profile}</Hidden>
            </AvatarLink>
          ) : null}
          <IconButton
            onClick={toggle}
            aria-label={mode === 'dark' ? tr.theme.toLight : tr.theme.toDark}
            title={mode === 'dark' ? tr.theme.toLight : tr.theme.toDark}
            data-theme-toggle
          >
            {mode === 'dark' ? <SunIcon /> : <MoonIcon />}
          </IconButton>
          <MenuButton
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? tr.nav.closeMenu : tr.nav.openMenu}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </MenuButton>
        </Tools>
      </Inner>
    </Bar>
  );
}

const AvatarLink = styled(Link)`
  display: inline-flex;
  border-radius: 50%;
  text-decoration: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  min-height: ${({ theme }) => theme.layout.headerHeight};
  margin: 0 auto;
  padding: 0 1rem;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    gap: 0.5rem;
  }
`;

const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-size: 1.25rem;
  font-weight: 800;
  letter-spacing: -0.02em;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.text};

  /* The name is in the link's label; the mark alone stands for it where the header is tight. */
  @media (max-width: ${HEADER_TIGHT}) and (min-width: ${({ theme }) => theme.breakpoints.narrow}) {
    span + span { display: none; }
  }
`;

const LogoMark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 1.125rem;

  /* The mark is decoration: drawn here (with empty alternative text) so the link's visible text is just the name
     its accessible name starts with (WCAG 2.5.3, label in name). */
  &::before { content: 'M' / ''; }
`;

const Menu = styled.div<{ $open: boolean }>`
  display: flex;
  flex: 1;
  min-width: 0;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    flex-direction: column;
    align-items: stretch;
    padding: 1rem;
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    box-shadow: ${({ theme }) => theme.shadows.popover};
  }
`;

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 0.25rem;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    flex-direction: column;
    align-items: stretch;
  }
`;

const NavItem = styled(NavLink)`
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  font-size: 0.9375rem;
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Account = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    flex-direction: column;
    align-items: stretch;
  }
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    margin-left: auto;
  }
`;

const CreateButton = styled(Button)`
  width: 2.5rem;
  padding: 0;
  span { display: none; }
`;

const MenuButton = styled(IconButton)`
  display: none;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    display: inline-flex;
  }
`;

const BellSpace = styled.span`
  display: inline-block;
  flex-shrink: 0;
  width: 2.5rem;
  height: 2.5rem;
`;
