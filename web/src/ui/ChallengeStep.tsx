import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { BotChallenge } from './BotChallenge';
import { ErrorText, Hint } from './fields';

/** The server's answers that ask a form for a solved proof-of-work challenge. */
const challengeCodes = new Set(['challenge_required', 'challenge_invalid']);

export interface ChallengeState {
  /** Whether the server asked for the challenge: the step is shown from then on. */
  shown: boolean;
  /** Shown but not solved yet: the form waits. */
  pending: boolean;
  /** What the request body carries: `{altcha}` once solved, nothing before. */
  body: { altcha?: string };
  /** A new widget for each round: a solved challenge is good for one attempt. */
  round: number;
  changed: (payload: string | null) => void;
  /** After a refused attempt, with the server's error code: spends a used challenge, shows the step when asked for. */
  failed: (code: string | undefined) => void;
}

/**
 * A form's challenge step (login, a password change, an account deletion): after repeated wrong passwords the server
 * refuses without a solved challenge (403 `challenge_required`), and the form then shows the widget and sends its
 * payload with the next attempt.
 */
export function useChallengeStep(): ChallengeState {
  const [shown, setShown] = useState(false);
  const [round, setRound] = useState(0);
  const [payload, setPayload] = useState<string | null>(null);
  const changed = useCallback((next: string | null) => setPayload(next), []);
  const failed = useCallback(
    (code: string | undefined) => {
      if (payload) {
        setPayload(null);
        setRound((r) => r + 1);
      }
      if (code && challengeCodes.has(code)) setShown(true);
    },
    [payload],
  );
  return { shown, pending: shown && !payload, body: payload ? { altcha: payload } : {}, round, changed, failed };
}

/** The widget with its explanation, once the server asked for it. */
export function ChallengeStep({
  state,
  label,
  hint,
  error,
}: {
  state: ChallengeState;
  label: string;
  hint: string;
  error?: string | undefined;
}) {
  if (!state.shown) return null;
  return (
    <Box role="group" aria-label={label}>
      <Hint>{hint}</Hint>
      <BotChallenge key={state.round} challengeUrl="/api/auth/challenge" onChange={state.changed} />
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: 0.5rem;
`;
