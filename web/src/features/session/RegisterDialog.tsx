import { useAppDispatch, useAppSelector } from '../../store/store';
import { trSession } from '../../i18n/tr-session';
import { Modal } from '../../ui/Modal';
import { dialogClosed, selectDialog } from '../../store/uiSlice';
import { RegisterForm } from './RegisterForm';

/** The registration page's form as a modal (opened from the login dialog and the sign-in-required dialog). */
export function RegisterDialog() {
  const dialog = useAppSelector(selectDialog);
  const dispatch = useAppDispatch();
  return (
    <Modal
      name="register"
      open={dialog?.kind === 'register'}
      onOpenChange={(open) => !open && dispatch(dialogClosed())}
      title={trSession.register.title}
      description={trSession.register.description}
      width="28rem"
    >
      <RegisterForm inModal />
    </Modal>
  );
}
