import { Component, useEffect, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import styled from 'styled-components';
import { tr } from '../i18n/tr';
import { ButtonLink } from '../ui/buttons';

/** Shown when rendering a route throws; the cause goes to the console, the visitor gets a plain message. */
export function RouteErrorPage({ error }: { error: unknown }) {
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

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  error: unknown;
}

/** As react-router's errorElement did: the error page in place of the route until the next navigation. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, error: undefined };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** Shows RouteErrorPage instead of `children` when they throw while rendering, until the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
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
