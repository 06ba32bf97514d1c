import * as Switch from '@radix-ui/react-switch';
import { Hint } from '../../ui/fields';
import { SwitchRoot } from '../../ui/Switch';
import { SwitchRow as Row, SwitchTexts as Texts } from './SwitchRow';

/** A switch of the create form with its label and hint beside it; `id` names the switch and, with '-hint', its hint. */
export function SwitchField({
  id,
  checked,
  onChange,
  label,
  hint,
  ...data
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
} & Record<`data-${string}`, boolean>) {
  return (
    <Row {...data}>
      <SwitchRoot id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`}>
        <Switch.Thumb />
      </SwitchRoot>
      <Texts>
        <label htmlFor={id}>{label}</label>
        <Hint id={`${id}-hint`}>{hint}</Hint>
      </Texts>
    </Row>
  );
}
