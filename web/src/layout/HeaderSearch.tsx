import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { tr } from '../i18n/tr';

/** Below 1024 px (and above the phone menu) the header has no room for the box: a magnifier links to /ara. */
const ROOMY = '1023.98px';
/** Below this the box is narrower (the header's laptop widths, ./Header.tsx). */
const TIGHT = '1279.98px';

/** The header's search box: sends the reader to /ara?q=…, which searches polls and members. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) navigate(`/ara?q=${encodeURIComponent(query.trim())}`);
  };
  return (
    <>
      <Form role="search" onSubmit={submit} data-header-search>
        <input
          type="search"
          name="q"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={tr.nav.searchLabel}
          placeholder={tr.nav.search}
          maxLength={100}
        />
      </Form>
      <Compact to="/ara" aria-label={tr.nav.searchLabel} title={tr.nav.search}>
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </Compact>
    </>
  );
}

const Form = styled.form`
  input {
    width: 9rem;
    padding: 0.45rem 0.7rem;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }

  @media (max-width: ${TIGHT}) {
    input { width: 6.5rem; }
  }
  @media (max-width: ${ROOMY}) { display: none; }
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    display: block;
    input { width: 100%; }
  }
`;

const Compact = styled(Link)`
  display: none;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover { color: ${({ theme }) => theme.colors.text}; }
  @media (max-width: ${ROOMY}) { display: grid; }
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) { display: none; }
`;
