import styled from 'styled-components';
import { tr } from '../i18n/tr';
import { Button } from './buttons';

/** Previous / next for a paginated list; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Bar aria-label={tr.common.pageOf(page, pages)}>
      <Button $size="sm" $variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {tr.common.previous}
      </Button>
      <span>{tr.common.pageOf(page, pages)}</span>
      <Button $size="sm" $variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {tr.common.next}
      </Button>
    </Bar>
  );
}

const Bar = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  padding-top: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;
