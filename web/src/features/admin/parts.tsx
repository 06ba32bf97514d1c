import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { trAdmin } from '../../i18n/tr-admin';
import { Button } from '../../ui/buttons';
import { Input } from '../../ui/fields';

/** The value after it has stopped changing for `ms` (search boxes ask the server once per pause, not per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Search
      type="search"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** 'Yükleniyor...', the load failure, or the empty text, in place of a list that has nothing to show. */
export function ListState({ loading, failed, empty }: { loading: boolean; failed: boolean; empty: string }) {
  if (loading) return <Muted role="status">{trAdmin.admin.loading}</Muted>;
  if (failed) return <Muted role="alert">{trAdmin.admin.loadFailed}</Muted>;
  return <Muted role="status">{empty}</Muted>;
}

export function Pager({
  page,
  pageSize,
  totalCount,
  onPage,
}: {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(totalCount / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <PagerNav aria-label={trAdmin.admin.pages.label}>
      <Button $size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {trAdmin.admin.pages.previous}
      </Button>
      <span>{trAdmin.admin.pages.position(page, pages)}</span>
      <Button $size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {trAdmin.admin.pages.next}
      </Button>
    </PagerNav>
  );
}

/** A small label; `data-kind` (a poll's kind) passes through to the element. */
export function Badge({
  children,
  tone = 'plain',
  ...data
}: {
  children: ReactNode;
  tone?: 'plain' | 'strong' | 'danger';
  'data-kind'?: string;
}) {
  return (
    <Pill $tone={tone} {...data}>
      {children}
    </Pill>
  );
}

const Pill = styled.span<{ $tone: 'plain' | 'strong' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  padding: 0.1rem 0.55rem;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  white-space: nowrap;
  border: 1px solid ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : $tone === 'strong' ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : $tone === 'strong' ? theme.colors.primary : theme.colors.surfaceRaised)};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.onDanger : $tone === 'strong' ? theme.colors.onPrimary : theme.colors.text)};
`;

const Search = styled(Input)`
  max-width: 28rem;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  padding: 1rem 0;
`;

export const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
`;

export const Row = styled.li<{ $highlight?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.85rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $highlight }) => ($highlight ? theme.colors.primary : theme.colors.border)};
  border-left-width: ${({ $highlight }) => ($highlight ? '4px' : '1px')};
  background: ${({ theme }) => theme.colors.surface};
`;

export const RowMain = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-width: 0;
  flex: 1 1 16rem;

  strong { overflow-wrap: anywhere; }
`;

export const Meta = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

export const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem 0.6rem;
`;

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 1rem;
`;

const PagerNav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  margin-top: 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Person = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  flex: 1 1 16rem;
  min-width: 0;
`;
