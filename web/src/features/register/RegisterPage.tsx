import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trSession } from '../../i18n/tr-session';
import { Page } from '../../ui/Page';
import { RegisterForm } from '../session/RegisterForm';

/** /register and /kayit: the registration form as a page. */
export function RegisterPage() {
  return (
    <Narrow>
      <Page title={tr.pages.register}>
        <Lead>{trSession.register.description}</Lead>
        <Card>
          <RegisterForm />
        </Card>
      </Page>
    </Narrow>
  );
}

const Narrow = styled.div`
  max-width: 30rem;
  margin: 0 auto;
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Card = styled.div`
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;
