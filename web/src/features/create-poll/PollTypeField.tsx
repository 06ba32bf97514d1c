import * as RadioGroup from '@radix-ui/react-radio-group';
import * as Switch from '@radix-ui/react-switch';
import { shareVoteModes, type PollType, type ShareVoteMode } from '@meydan/proto';
import styled from 'styled-components';
import { trPolls } from '../../i18n/tr-polls';
import { ErrorText, Hint } from '../../ui/fields';
import { SwitchRoot } from '../../ui/Switch';
import { Legend, TypeOption } from './choiceParts';
import type { PollDraft } from './draft';
import { SwitchRow as ShareRow } from './SwitchRow';

interface PollTypeFieldProps {
  draft: PollDraft;
  onType: (type: PollType) => void;
  update: (patch: Partial<PollDraft>) => void;
  errors: Record<string, string>;
}

/** Public, private or friends; for a public poll the shareable switch, and for a shareable one who may vote by link. */
export function PollTypeField({ draft, onType, update, errors }: PollTypeFieldProps) {
  return (
    <fieldset>
      <Legend>{trPolls.create.typeLabel}</Legend>
      <Types
        value={draft.type}
        onValueChange={(value) => onType(value as PollType)}
        aria-label={trPolls.create.typeLabel}
      >
        {(['public', 'private', 'friends'] as const).map((type) => (
          <TypeOption key={type} data-type={type}>
            <RadioGroup.Item value={type} aria-describedby={`type-${type}-hint`}>
              <RadioGroup.Indicator />
            </RadioGroup.Item>
            <span>
              <strong>{trPolls.create.types[type].label}</strong>
              <small id={`type-${type}-hint`}>{trPolls.create.types[type].hint}</small>
            </span>
          </TypeOption>
        ))}
      </Types>
      {draft.type === 'public' ? (
        <ShareRow>
          <SwitchRoot
            id="poll-shareable"
            checked={draft.shareable}
            onCheckedChange={(checked) => update({ shareable: checked })}
            aria-describedby="poll-shareable-hint"
          >
            <Switch.Thumb />
          </SwitchRoot>
          <span>
            <label htmlFor="poll-shareable">{trPolls.create.shareable}</label>
            <Hint id="poll-shareable-hint">{trPolls.create.shareableHint}</Hint>
          </span>
        </ShareRow>
      ) : null}
      {draft.type === 'public' && draft.shareable ? (
        <VoteModes
          value={draft.shareVoteMode}
          onValueChange={(value) => update({ shareVoteMode: value as ShareVoteMode })}
          aria-label={trPolls.create.shareVoteModeLabel}
          data-share-vote-modes
        >
          <Legend as="span">{trPolls.create.shareVoteModeLabel}</Legend>
          {shareVoteModes.map((mode) => (
            <TypeOption key={mode} data-share-vote-mode={mode}>
              <RadioGroup.Item value={mode} aria-describedby={`vote-mode-${mode}-hint`}>
                <RadioGroup.Indicator />
              </RadioGroup.Item>
              <span>
                <strong>{trPolls.create.shareVoteModes[mode].label}</strong>
                <small id={`vote-mode-${mode}-hint`}>{trPolls.create.shareVoteModes[mode].hint}</small>
              </span>
            </TypeOption>
          ))}
        </VoteModes>
      ) : null}
      {errors['shareVoteMode'] ? <ErrorText role="alert">{errors['shareVoteMode']}</ErrorText> : null}
      {errors['type'] ? <ErrorText role="alert">{errors['type']}</ErrorText> : null}
    </fieldset>
  );
}

const Types = styled(RadioGroup.Root)`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.5rem;

  @media (max-width: 34rem) { grid-template-columns: 1fr; }
`;

const VoteModes = styled(RadioGroup.Root)`
  display: grid;
  gap: 0.4rem;
  margin-top: 0.75rem;
`;
