import type { Poll, PollAnalysis } from '@meydan/proto';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trPolls } from '../../i18n/tr-polls';
import { nameOf } from '../../lib/avatar';
import { formatPercent } from '../../lib/percent';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { OptionsView } from './OptionsView';
import { useAnalysisQuery } from './pollDialogsApi';

/** 'Grup Analizi': the overall split beside the split among the viewer's mutual friends (who chose what). */
export function AnalysisDialog({ poll, onClose }: { poll: Poll; onClose: () => void }) {
  const { data, isLoading, error } = useAnalysisQuery(poll.id);
  return (
    <Modal
      name="analysis"
      open
      onOpenChange={(open) => !open && onClose()}
      title={trPolls.analysis.title}
      description={trPolls.analysis.description}
      width="34rem"
    >
      {isLoading ? <Spinner withText /> : null}
      {error ? <p role="alert">{apiErrorMessage(error) ?? trPolls.analysis.failed}</p> : null}
      {data ? <AnalysisBody analysis={data} /> : null}
    </Modal>
  );
}

function AnalysisBody({ analysis }: { analysis: PollAnalysis }) {
  return (
    <Body>
      <section>
        <h3>{trPolls.analysis.overall}</h3>
        <OptionsView
          options={analysis.overall}
          total={analysis.totalVotes}
          showResults
          userChoice={analysis.userChoice}
          {...(analysis.userChoices ? { userChoices: analysis.userChoices } : {})}
          decimals={0}
        />
      </section>
      <section>
        <h3>{trPolls.analysis.friends}</h3>
        <Muted>{trPolls.analysis.friendsVoted(analysis.friends.voted, analysis.friends.total)}</Muted>
        <Split>
          {analysis.friends.options.map((option) => (
            <li key={option.id}>
              <Row>
                <span>{option.text}</span>
                <strong>{formatPercent(option.percent, 0)}</strong>
              </Row>
              <Voters>
                {option.voters?.length ? (
                  option.voters.map((voter) => (
                    <Avatar key={voter.id} name={nameOf(voter)} src={voter.avatarUrl} size="sm" />
                  ))
                ) : (
                  <Muted>{trPolls.analysis.nobody}</Muted>
                )}
              </Voters>
            </li>
          ))}
        </Split>
      </section>
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;

  h3 { font-size: 1rem; margin-bottom: 0.5rem; }
`;

const Muted = styled.p`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: 0.5rem;
`;

const Split = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  font-weight: 600;
`;

const Voters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.3rem;
  margin-top: 0.35rem;
`;
