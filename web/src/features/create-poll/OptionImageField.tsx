import { limits } from '@meydan/proto';
import { useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { trOptionImages as T } from '../../i18n/tr-option-images';
import { apiErrorMessage } from '../../store/api';
import { Button, IconButton } from '../../ui/buttons';
import { ErrorText, InputField } from '../../ui/fields';
import { CloseIcon, ImageIcon } from '../../ui/icons';
import { useUploadOptionImageMutation } from './createPollApi';
import type { DraftImage } from './draft';

const ACCEPTED: readonly string[] = limits.poll.optionImageMimeTypes;

/**
 * One option's image in the creation form ('Görsel ekle'): the file is checked here (type and size, the server's
 * Turkish texts) and uploaded at once, so a refusal shows beside its option; then the picture, its required alt text
 * ('Görselin açıklaması') and a button that takes it away.
 */
export function OptionImageField({
  index,
  image,
  onChange,
}: {
  index: number;
  image: DraftImage | null;
  onChange: (image: DraftImage | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadOptionImageMutation();
  const [error, setError] = useState<string | null>(null);
  const n = index + 1;

  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setError(T.create.wrongType);
    if (file.size > limits.poll.optionImageMaxBytes) return setError(T.create.tooLarge);
    setError(null);
    try {
      const stored = await upload(file).unwrap();
      onChange({ id: stored.id, url: stored.url, alt: '' });
    } catch (err) {
      setError(apiErrorMessage(err) ?? T.create.failed);
    }
  }

  if (image)
    return (
      <Picked data-option-image-field={index}>
        <img src={image.url} alt={T.create.preview(n)} width={64} height={64} />
        <InputField
          label={T.create.altLabel(n)}
          hint={T.create.altHint}
          placeholder={T.create.altPlaceholder}
          value={image.alt}
          maxLength={limits.poll.optionImageAltMax}
          onChange={(e) => onChange({ ...image, alt: e.target.value })}
          required
        />
        <IconButton aria-label={T.create.remove(n)} title={T.create.remove(n)} onClick={() => onChange(null)}>
          <CloseIcon />
        </IconButton>
      </Picked>
    );
  return (
    <Pick>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED.join(',')}
        hidden
        onChange={(e) => void picked(e)}
        data-option-image-input={index}
      />
      <Button $size="sm" aria-label={T.create.addFor(n)} disabled={isLoading} onClick={() => input.current?.click()}>
        <ImageIcon />
        {isLoading ? T.create.uploading : T.create.add}
      </Button>
      {error ? (
        <ErrorText role="alert" data-option-image-error>
          {error}
        </ErrorText>
      ) : null}
    </Pick>
  );
}

const Pick = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  font-size: 0.85rem;
`;

const Picked = styled.div`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: start;
  gap: 0.6rem;

  img {
    width: 4rem;
    height: 4rem;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
