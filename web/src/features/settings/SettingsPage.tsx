import { limits, type UserProfile } from '@meydan/proto';
import { Thumb as SwitchThumb } from '@radix-ui/react-switch';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trProfile } from '../../i18n/tr-profile';
import { Button, ButtonLink } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { useScrollToHash } from '../../lib/useScrollToHash';
import { Avatar } from '../../ui/Avatar';
import { Actions, Form, Hint, Input, InputField, TextAreaField } from '../../ui/fields';
import { useUserProfileQuery } from '../profile/profileApi';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { dialogOpened } from '../../store/uiSlice';
import { AccountSection } from './AccountSection';
import { HiddenMembersSection } from './HiddenMembersSection';
import { NotificationChannels } from './NotificationChannels';
import { Card } from './Card';
import { SwitchRoot } from '../../ui/Switch';
import { PreferenceSwitches } from '../profile/PreferenceSwitches';
import { useUpdateProfileMutation } from './settingsApi';
import { HeldNote } from '../polls/HeldNote';

const T = trProfile.settings;
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** /ayarlar, /profil-ayarlari, /hesap-ayarlari: the member's profile fields and account. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();

  return (
    <Page title={tr.pages.settings}>
      {user === null ? (
        <Card as="section" aria-labelledby="settings-sign-in">
          <h2 id="settings-sign-in">{T.signInTitle}</h2>
          <p>{T.signInText}</p>
          <div>
            <Button $variant="primary" onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>
              {T.signIn}
            </Button>
          </div>
        </Card>
      ) : (
        <>
          <div>
            <ButtonLink to="/profil" $size="sm">
              ← {T.back}
            </ButtonLink>
          </div>
          {user ? <MemberSettings userId={user.id} /> : <Loading />}
        </>
      )}
    </Page>
  );
}

function Loading() {
  return (
    <p role="status" aria-live="polite">
      {T.loading}
    </p>
  );
}

function MemberSettings({ userId }: { userId: string }) {
  const { data: profile, isLoading, isError } = useUserProfileQuery(userId);
  useScrollToHash(Boolean(profile));
  if (isLoading) return <Loading />;
  if (isError || !profile) return <p role="alert">{T.loadFailed}</p>;
  return (
    <>
      <ProfileForm profile={profile} />
      <Card as="section" aria-labelledby="settings-preferences">
        <h2 id="settings-preferences">{trProfile.profile.settingsTitle}</h2>
        <PreferenceSwitches
          userId={profile.id}
          only={['followRequestsEnabled', 'notifyVotes', 'notifyLikes', 'notifyComments', 'notifyPollResults']}
        />
      </Card>
      <NotificationChannels />
      <HiddenMembersSection />
      <AccountSection />
    </>
  );
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const form = useProfileForm(profile);
  const { displayName, bio, bioTooLong, isPublic, switchId } = form;
  return (
    <Card as="section" aria-labelledby="settings-profile">
      <h2 id="settings-profile">{T.profileHeading}</h2>
      <Form onSubmit={form.submit} noValidate>
        <AvatarPicker
          profile={profile}
          name={displayName.trim() || profile.username}
          avatar={form.avatar}
          onPick={form.pickAvatar}
        />

        <InputField label={T.username} value={profile.username} readOnly hint={T.usernameHint} name="username" />
        <InputField
          label={T.displayName}
          value={displayName}
          onChange={(e) => form.setDisplayName(e.target.value)}
          maxLength={limits.user.displayNameMax}
          name="displayName"
          required
        />
        <TextAreaField
          label={T.bio}
          value={bio}
          onChange={(e) => form.setBio(e.target.value)}
          placeholder={T.bioPlaceholder}
          counter={limits.user.bioMax}
          error={bioTooLong ? T.bioMax : undefined}
          name="bio"
        />
        {profile.pendingProfile ? <PendingNotice pending={profile.pendingProfile} /> : null}

        <fieldset>
          <legend>{T.privacyHeading}</legend>
          <SwitchRow>
            <SwitchRoot
              id={switchId}
              checked={isPublic}
              onCheckedChange={form.setIsPublic}
              aria-describedby={`${switchId}-hint`}
            >
              <SwitchThumb />
            </SwitchRoot>
            <span>
              <label htmlFor={switchId}>{T.publicProfile}</label>
              <Hint id={`${switchId}-hint`}>{T.publicProfileHint}</Hint>
            </span>
          </SwitchRow>
        </fieldset>

        <Actions>
          <Button type="submit" $variant="primary" disabled={form.saving || bioTooLong || !displayName.trim()}>
            {form.saving ? T.saving : T.save}
          </Button>
        </Actions>
      </Form>
    </Card>
  );
}

/** The profile form's fields, the chosen avatar file (checked for size and type) and the save. */
function useProfileForm(profile: UserProfile) {
  const toast = useToast();
  const [save, { isLoading: saving }] = useUpdateProfileMutation();
  const [displayName, setDisplayName] = useState(profile.displayName ?? profile.username);
  const [bio, setBio] = useState(profile.bio ?? '');
  const [isPublic, setIsPublic] = useState(profile.isProfilePublic);
  // The profile's settings tab turns the same switch; show what the server holds when it changes there.
  useEffect(() => setIsPublic(profile.isProfilePublic), [profile.isProfilePublic]);
  const [avatar, setAvatar] = useState<File | null>(null);
  const switchId = useId();

  const bioTooLong = [...bio].length > limits.user.bioMax;

  const pickAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    if (file.size > limits.user.avatarMaxBytes) {
      toast({ title: T.fileTooLarge, description: T.fileTooLargeText, variant: 'error' });
      return;
    }
    if (!AVATAR_TYPES.includes(file.type)) {
      toast({ title: T.fileTypeTitle, description: T.fileTypeText, variant: 'error' });
      return;
    }
    setAvatar(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (bioTooLong) return;
    const result = await save({
      userId: profile.id,
      displayName: displayName.trim(),
      bio,
      isProfilePublic: isPublic,
      avatar,
    });
    if ('error' in result) {
      toast({
        title: T.saveFailedTitle,
        description: apiErrorMessage(result.error) ?? T.saveFailedText,
        variant: 'error',
      });
      return;
    }
    setAvatar(null);
    // A display name or bio the word filter holds: saved, but the old one shows until a moderator approves it.
    if (result.data?.pendingProfile) toast({ title: T.pendingTitle, description: T.pendingText, variant: 'success' });
    else toast({ title: T.savedTitle, description: T.savedText, variant: 'success' });
  };

  return {
    displayName,
    setDisplayName,
    bio,
    setBio,
    bioTooLong,
    isPublic,
    setIsPublic,
    switchId,
    avatar,
    pickAvatar,
    saving,
    submit,
  };
}

/** The avatar, the chosen file's preview in its place, and the hidden file input its button opens. */
function AvatarPicker({
  profile,
  name,
  avatar,
  onPick,
}: {
  profile: UserProfile;
  name: string;
  avatar: File | null;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  useEffect(() => {
    if (!avatar) return setPreview(null);
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  return (
    <AvatarRow>
      <Avatar name={name} src={preview ?? profile.avatarUrl} size="xl" label={preview ? T.avatarPreview : T.avatar} />
      <div>
        <label htmlFor={fileId}>{T.avatar}</label>
        <Button $size="sm" onClick={() => fileInput.current?.click()} aria-describedby={`${fileId}-hint`}>
          {T.avatarChoose}
        </Button>
        <VisuallyHiddenFile
          ref={fileInput}
          id={fileId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          onChange={onPick}
          data-avatar-input
        />
        <Hint id={`${fileId}-hint`}>{avatar ? avatar.name : T.avatarHint}</Hint>
      </div>
    </AvatarRow>
  );
}

const AvatarRow = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;

  > div { display: flex; flex-direction: column; align-items: flex-start; gap: 0.35rem; }
  label { font-weight: 600; font-size: 0.9rem; }
`;

const VisuallyHiddenFile = styled(Input)`
  position: absolute;
  width: 1px;
  height: 1px;
  min-height: 0;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

const SwitchRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.6rem;

  label { font-weight: 600; font-size: 0.9rem; cursor: pointer; }
`;

/** A display name or bio the word filter holds for review, as only the member sees it. */
function PendingNotice({ pending }: { pending: NonNullable<UserProfile['pendingProfile']> }) {
  return (
    <HeldNote role="note" data-pending-profile>
      <strong>{T.pendingTitle}</strong> {T.pendingText}
      {pending.displayName ? <PendingLine>{T.pendingDisplayName(pending.displayName)}</PendingLine> : null}
      {pending.bio ? <PendingLine>{T.pendingBio(pending.bio)}</PendingLine> : null}
    </HeldNote>
  );
}

const PendingLine = styled.span`
  display: block;
  overflow-wrap: anywhere;
`;
