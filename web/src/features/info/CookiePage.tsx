import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { cookiePolicy } from './content/legal';
import { LegalPage } from './LegalPage';

const text = tr.info.legal;

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
                  <td>{item.where}</td>
                  <td>{item.purpose}</td>
                  <td>{item.lifetime}</td>
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
  overflow-x: auto;
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
  code { font-family: ${({ theme }) => theme.fonts.mono}; font-size: 0.85rem; white-space: nowrap; }
`;
