import { trVoteChange } from '../../i18n/tr-vote-change';
import { SwitchField } from './SwitchField';

/** 'Oyunu değiştirebilsin': off by default (a vote is final); on, voters may change or take back their vote while it is open. */
export function VoteChangeField({ allowed, onChange }: { allowed: boolean; onChange: (allowed: boolean) => void }) {
  return (
    <SwitchField
      id="poll-allow-vote-change"
      checked={allowed}
      onChange={onChange}
      label={trVoteChange.create.allowVoteChange}
      hint={trVoteChange.create.allowVoteChangeHint}
      data-allow-vote-change
    />
  );
}
