import styled from 'styled-components';
import { trInfo } from '../../i18n/tr-info';
import { cookiePolicy } from './content/legal';
import { LegalPage } from './LegalPage';

const text = trInfo.info.legal;

/** /cerezler: every cookie and local-storage key Meydan really writes. */
export function CookiePage() {
  return (
    <LegalPage
      document={cookiePolicy}
      extra={
        <TableWrap>
          <Table>
            <caption>{text.cookieTable}</caption>
            <thead>
              <tr>
                <th scope="col">{text.cookieName}</th>
                <th scope="col">{text.cookieWhere}</th>
                <th scope="col">{text.cookiePurpose}</th>
                <th scope="col">{text.cookieLifetime}</th>
              </tr>
            </thead>
            <tbody>
              {cookiePolicy.items.map((item) => (
                <tr key={item.name}>
                  <th scope="row">
                    <code>{item.name}</code>
                  </th>
                  <td data-label={text.cookieWhere}>{item.where}</td>
                  <td data-label={text.cookiePurpose}>{item.purpose}</td>
                  <td data-label={text.cookieLifetime}>{item.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      }
    />
  );
}

const TableWrap = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Table = styled.table`
  width: 100%;
  min-width: 40rem;
  border-collapse: collapse;
  font-size: 0.9rem;

  caption { padding: 0.9rem 1rem 0.4rem; text-align: left; font-weight: 700; }
  th, td { padding: 0.6rem 1rem; text-align: left; vertical-align: top; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  thead th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; font-size: 0.85rem; word-break: break-all; }

  /* Narrow screens: one card per entry, each value with its column's name. */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    min-width: 0;
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    tr { display: block; padding: 0.5rem 0; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
    th, td { display: block; border-top: 0; padding: 0.25rem 1rem; }
    td::before { content: attr(data-label); display: block; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.8rem; font-weight: 600; }
  }
`;
