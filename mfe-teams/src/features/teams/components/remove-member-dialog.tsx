import type { TeamMember } from '@pitwall/contracts';
import { ConfirmDialog, useToast, useRemoveTeamMember } from '@pitwall/kit';
import { refusalMessage } from './refusal-message';
import { memberName } from './roles';

/**
 * Asks 'Are you sure you want to remove {member} from the team?' (docs/product.md, 'Teams') in an alertdialog and
 * removes the member on confirmation; their sessions end at once (server side).
 */
export function RemoveMemberDialog({ teamId, member, onClose }: { teamId: number; member: TeamMember | null; onClose: () => void }) {
  const toast = useToast();
  const removeMember = useRemoveTeamMember(teamId);
  const name = member ? memberName(member) : '';

  const confirm = async () => {
    if (!member) return;
    try {
      await removeMember.mutateAsync(member.id);
      toast.success('Team member removed successfully');
      onClose();
    } catch (error) {
      console.warn('Failed to remove member', error);
      const message = refusalMessage(error);
      if (message) toast.error(message);
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove Team Member"
      description={`Are you sure you want to remove ${name} from the team?`}
      confirmLabel="Remove"
      busy={removeMember.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
