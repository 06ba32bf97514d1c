import { useAppDispatch, useAppSelector } from '../../store/store';
import { trSession } from '../../i18n/tr-session';
import { Button } from '../../ui/buttons';
import { Modal } from '../../ui/Modal';
import { Actions } from '../../ui/fields';
import { dialogClosed, dialogOpened, selectDialog } from '../../store/uiSlice';

/** 'Giriş Yapmalısın': what a visitor sees when trying the friends' circle, creating a poll, voting, liking... */
export function SignInRequiredDialog() {
  const dialog = useAppSelector(selectDialog);
  const dispatch = useAppDispatch();
  const reason = dialog?.kind === 'signInRequired' ? dialog.reason : 'friends';
  return (
    <Modal
      name="sign-in-required"
      open={dialog?.kind === 'signInRequired'}
      onOpenChange={(open) => !open && dispatch(dialogClosed())}
      title={trSession.signInRequired.title}
      description={trSession.signInRequired.reasons[reason]}
      width="26rem"
    >
      <Actions>
        <Button onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>{trSession.signInRequired.signIn}</Button>
        <Button $variant="primary" onClick={() => dispatch(dialogOpened({ kind: 'register' }))}>
          {trSession.signInRequired.register}
        </Button>
      </Actions>
    </Modal>
  );
}
