import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { AssignableRole, PatchMemberBody, type TeamMember } from '@pitwall/contracts';
import { Dialog, SelectField, SwitchField, TextField, useToast, useUpdateTeamMember, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { refusalMessage } from './refusal-message';
import { ASSIGNABLE_ROLE_OPTIONS, ROLE_LABELS } from './roles';
import { MemberColorField } from './member-color-field';
import styles from './teams.module.css';

/** Every field of the edit form is present (the PATCH body itself is partial). */
const EditMemberForm = PatchMemberBody.required({ displayName: true, memberColor: true, isActive: true }).extend({
  role: z.union([AssignableRole, z.literal('owner')]),
});
type EditMemberForm = z.infer<typeof EditMemberForm>;

function formValues(member: TeamMember): EditMemberForm {
  return { displayName: member.displayName ?? '', role: member.role, memberColor: member.memberColor, isActive: member.isActive };
}

export interface EditMemberDialogProps {
  teamId: number;
  /** The member being edited; null closes the dialog. */
  member: TeamMember | null;
  /** True when the member is the signed-in owner's own row ('View Your Profile'). */
  isSelf: boolean;
  onClose: () => void;
}

/**
 * The owner's member dialog (docs/product.md, 'Teams', 'Validation'): 'View Your Profile' on their own row,
 * otherwise 'View/Edit Team Member'. Display name, role (not on the owner's own row: the owner role
 * cannot change), colour, and the active flag (inactive members cannot access the system).
 */
export function EditMemberDialog({ teamId, member, isSelf, onClose }: EditMemberDialogProps) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()} title={isSelf ? 'View Your Profile' : 'View/Edit Team Member'}>
      {member && <EditMemberFields key={member.id} teamId={teamId} member={member} isSelf={isSelf} onClose={onClose} />}
    </Dialog>
  );
}

function EditMemberFields({ teamId, member, isSelf, onClose }: EditMemberDialogProps & { member: TeamMember }) {
  const toast = useToast();
  const updateMember = useUpdateTeamMember(teamId);
  const isOwnerRow = member.role === 'owner';
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(EditMemberForm, { defaultValues: formValues(member) });

  const onSubmit = handleSubmit(async ({ displayName, role, memberColor, isActive }) => {
    // The owner's role and active flag are never sent: the server refuses any change to them.
    const body = isOwnerRow || role === 'owner' ? { displayName, memberColor } : { displayName, role, memberColor, isActive };
    try {
      await updateMember.mutateAsync({ memberId: member.id, body });
      toast.success('Team member updated successfully');
      onClose();
    } catch (error) {
      console.warn('Failed to update member', error);
      const message = refusalMessage(error);
      if (message) toast.error(message);
    }
  });

  return (
    <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
      <TextField label="Display Name" error={errors.displayName?.message} {...register('displayName')} />
      {member.username && (
        <p className="pw-field__help">
          Signs in as <strong>{member.username}</strong>
        </p>
      )}
      {isOwnerRow ? (
        <div className={styles.readonlyRole}>
          <span className="pw-field__label">Role</span>
          <span>{ROLE_LABELS.owner}</span>
          <span className="pw-field__help">The owner role cannot be changed.</span>
        </div>
      ) : (
        <SelectField label="Role" options={ASSIGNABLE_ROLE_OPTIONS} error={errors.role?.message} {...register('role')} />
      )}
      <MemberColorField control={control} error={errors.memberColor?.message} />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <SwitchField
            label="Active"
            name={field.name}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={isOwnerRow}
            helperText={
              isOwnerRow
                ? 'Inactive members cannot access the system. The team owner is always active.'
                : 'Inactive members cannot access the system.'
            }
          />
        )}
      />
      <FormActions submitLabel={isSelf ? 'Save Profile' : 'Save Changes'} isSaving={isSubmitting} onCancel={onClose} />
    </form>
  );
}
