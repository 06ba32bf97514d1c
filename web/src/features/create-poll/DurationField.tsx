import * as Select from '@radix-ui/react-select';
import { limits } from '@meydan/proto';
import styled from 'styled-components';
import { trPolls } from '../../i18n/tr-polls';
import { Hint } from '../../ui/fields';
import { Legend } from './choiceParts';

/** How long the poll stays open, with when it would end if created now. */
export function DurationField({
  hours,
  onChange,
  expiresPreview,
}: {
  hours: number;
  onChange: (hours: number) => void;
  expiresPreview: string;
}) {
  return (
    <fieldset>
      <Legend id="poll-duration-label">{trPolls.create.durationLabel}</Legend>
      <Select.Root value={String(hours)} onValueChange={(value) => onChange(Number(value))}>
        <SelectTrigger aria-labelledby="poll-duration-label" data-duration-trigger>
          <Select.Value />
          <Select.Icon aria-hidden="true">▾</Select.Icon>
        </SelectTrigger>
        <Select.Portal>
          <SelectContent position="popper" sideOffset={4}>
            <Select.Viewport>
              {limits.poll.durationsHours.map((hours) => (
                <SelectItem key={hours} value={String(hours)}>
                  <Select.ItemText>{trPolls.create.durations[hours]}</Select.ItemText>
                </SelectItem>
              ))}
            </Select.Viewport>
          </SelectContent>
        </Select.Portal>
      </Select.Root>
      <Hint>
        {trPolls.create.durationHelp} {trPolls.create.durationPreview(expiresPreview)}
      </Hint>
    </fieldset>
  );
}

const SelectTrigger = styled(Select.Trigger)`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  min-width: 12rem;
  min-height: 2.5rem;
  padding: 0 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const SelectContent = styled(Select.Content)`
  z-index: 50;
  min-width: var(--radix-select-trigger-width);
  padding: 0.25rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.popover};
`;

const SelectItem = styled(Select.Item)`
  padding: 0.45rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;

  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  &[data-state='checked'] { font-weight: 700; color: ${({ theme }) => theme.colors.primary}; }
`;
