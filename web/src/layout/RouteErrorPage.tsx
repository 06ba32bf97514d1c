import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { tr } from '../i18n/tr';
import { ButtonLink } from '../ui/buttons';

/** Shown when rendering a route throws; the cause goes to the console, the visitor gets a plain message. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Box role="alert">
      <h1>{tr.routeError.title}</h1>
      <p>{tr.routeError.text}</p>
      <ButtonLink to="/" reloadDocument $variant="primary">
        {tr.routeError.backHome}
      </ButtonLink>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 1rem;
  max-width: 36rem;
  margin: 4rem auto;
  padding: 0 1rem;

  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;
