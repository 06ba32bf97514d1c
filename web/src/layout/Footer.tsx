import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { tr } from '../i18n/tr';
import { lazyComponent } from '../ui/lazyComponent';

// Below the fold: fetched right after the first render, not before it (web/scripts/initial-js.ts).
const NewsletterBox = lazyComponent(() => import('../features/newsletter/NewsletterBox'), 'NewsletterBox');

const links = [
  { to: '/yardim-merkezi', label: tr.pages.helpCenter },
  { to: '/sss', label: tr.pages.faq },
  { to: '/blog', label: tr.pages.blog },
  { to: '/iletisim', label: tr.pages.contact },
  { to: '/destek', label: tr.pages.support },
  { to: '/api-dokumantasyonu', label: tr.pages.apiDocs },
  { to: '/gizlilik-politikasi', label: tr.pages.privacy },
  { to: '/kullanim-sartlari', label: tr.pages.terms },
  { to: '/gizlilik', label: tr.pages.dataProtection },
  { to: '/cerezler', label: tr.pages.cookies },
] as const;

export function Footer() {
  return (
    <Bar>
      <Inner>
        <About>
          <p>
            <strong>{tr.app.name}</strong> — {tr.footer.tagline}
          </p>
          <Suspense fallback={null}>
            <NewsletterBox compact />
          </Suspense>
        </About>
        <nav aria-label={tr.footer.label}>
          <List>
            {links.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </List>
        </nav>
      </Inner>
    </Bar>
  );
}

const Bar = styled.footer`
  margin-top: 3rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem;

  a {
    color: inherit;
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
  }
`;

const About = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;
