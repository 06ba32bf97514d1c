import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { ButtonLink } from '../../ui/buttons';
import { Page } from '../../ui/Page';

export function NotFoundPage() {
  return (
    <Centered>
      <Code aria-hidden="true">404</Code>
      <Page title={tr.notFound.title}>
        <Text>{tr.notFound.text}</Text>
        <div>
          <ButtonLink to="/" $variant="primary">
            {tr.notFound.backHome}
          </ButtonLink>
        </div>
      </Page>
    </Centered>
  );
}

const Centered = styled.div`
  max-width: 36rem;
  margin: 2rem auto;
  text-align: left;
`;

const Code = styled.p`
  font-size: clamp(3.5rem, 2.5rem + 5vw, 6rem);
  font-weight: 900;
  line-height: 1;
  letter-spacing: -0.04em;
  color: ${({ theme }) => theme.colors.primary};
  margin-bottom: 0.5rem;
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
