import * as Switch from '@radix-ui/react-switch';
import { trVoteChange } from '../../i18n/tr-vote-change';
import { Hint } from '../../ui/fields';
import { SwitchRoot } from '../../ui/Switch';
import { SwitchRow as Row, SwitchTexts as Texts } from './SwitchRow';

/** 'Oyunu değiştirebilsin': off by default (a vote is final); on, voters may change or take back their vote while it is open. */
export function VoteChangeField({ allowed, onChange }: { allowed: boolean; onChange: (allowed: boolean) => void }) {
  return (
    <Row data-allow-vote-change>
      <SwitchRoot
        id="poll-allow-vote-change"
        checked={allowed}
        onCheckedChange={onChange}
        aria-describedby="poll-allow-vote-change-hint"
      >
        <Switch.Thumb />
      </SwitchRoot>
      <Texts>
        <label htmlFor="poll-allow-vote-change">{trVoteChange.create.allowVoteChange}</label>
        <Hint id="poll-allow-vote-change-hint">{trVoteChange.create.allowVoteChangeHint}</Hint>
      </Texts>
    </Row>
  );
}
