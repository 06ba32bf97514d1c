import styled from 'styled-components';
import { Spinner } from '../ui/Spinner';

/** What a lazily loaded screen shows while its chunk arrives. */
export function ScreenLoading() {
  return (
    <Wrap>
      <Spinner withText />
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  place-items: center;
  min-height: 40vh;
`;
