import styled from 'styled-components';
import { Button } from '../../ui/buttons';

/** What a ballot form (BallotForm's checkboxes, RankedBallot's order) is laid out with. */
export const BallotFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** The line under a ballot's legend saying how it is filled in. */
export const BallotHint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};

  span { white-space: nowrap; }
`;

/** 'Oy ver'. */
export const BallotSubmit = styled(Button)`
  align-self: flex-start;
`;
