import { useState } from 'react';
import { trPolls } from '../../i18n/tr-polls';
import { Button } from '../../ui/buttons';
import { FlagIcon } from '../../ui/icons';
import { ReportDialog } from '../polls/ReportDialog';
import { useCurrentUser } from '../session/sessionApi';

/** 'Şikayet Et' on another member's profile: for signed-in members, the report dialog about the member. */
export function ReportMemberButton({ userId, name }: { userId: string; name: string }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || user.id === userId) return null;
  return (
    <>
      <Button
        $size="sm"
        $variant="ghost"
        data-action="report-member"
        aria-label={trPolls.report.userButtonLabel(name)}
        onClick={() => setOpen(true)}
      >
        <FlagIcon />
        {trPolls.report.userButton}
      </Button>
      {open ? <ReportDialog userId={userId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
