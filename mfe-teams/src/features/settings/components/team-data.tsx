import { memo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ImportAnswer, UserTeam } from '@pitwall/contracts';
import { Alert, Button, buttonClass, downloadTeamExport, errorMessage, importTeamFile, TextField, useToast, type UploadProgress } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './settings.module.css';

/** The import form: the chosen team export file, required. */
const ImportTeamForm$ = z.object({
  file: z.custom<File | null>().refine((file): file is File => file !== null, 'Please choose a team export file'),
});

/** Bytes as 'n KB' below a megabyte, else 'n.n MB'. */
function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Hands `blob` to the browser as a download named `fileName`. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * 'Export team data' of one team the caller owns: downloads the team's export zip (its whole
 * history, images, CSV tables, README.txt). The server builds the file while it sends it, so the
 * bar runs without an end and the size received so far is shown beside it.
 */
function ExportTeam({ team, named }: { team: UserTeam; named: boolean }) {
  const toast = useToast();
  const [received, setReceived] = useState<number | null>(null);
  const exportData = async () => {
    setReceived(0);
    try {
      const file = await downloadTeamExport(team.teamId, setReceived);
      saveFile(file.blob, file.fileName);
      toast.success(`Exported ${team.teamName} (${sizeOf(file.blob.size)})`);
    } catch (error) {
      toast.error(`Export failed: ${errorMessage(error)}`);
    } finally {
      setReceived(null);
    }
  };
  return (
    <section className={styles.transferRow} aria-label={`Export ${team.teamName}`}>
      {named && <span className={styles.transferTeam}>{team.teamName}</span>}
      <Button onClick={() => void exportData()} disabled={received !== null} aria-label={`Export team data of ${team.teamName}`}>
        {received === null ? 'Export team data' : 'Exporting...'}
      </Button>
      {received !== null && (
        <div className={styles.progress}>
          <progress aria-label={`Export progress of ${team.teamName}`} />
          <span>{received === 0 ? 'Preparing...' : `${sizeOf(received)} received`}</span>
        </div>
      )}
    </section>
  );
}

/**
 * 'Import team data': a team export file becomes a new team owned by the caller (ids new, history,
 * authors and times kept; the other members' accounts inactive until the owner reactivates them).
 * A damaged or foreign file is refused whole; the server's one sentence is shown.
 */
function ImportTeam() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const {
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useZodForm(ImportTeamForm$, { defaultValues: { file: null }, shouldFocusError: false });
  const file = watch('file');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<ImportAnswer | null>(null);

  const submit = handleSubmit(async (values) => {
    setBusy(true);
    setImported(null);
    try {
      const answer = await importTeamFile(values.file, setProgress);
      await queryClient.invalidateQueries();
      setImported(answer);
      reset({ file: null });
      if (input.current) input.current.value = '';
      toast.success('Team imported');
    } catch (error) {
      // The server's one sentence on why the file was refused, on the field.
      setError('file', { type: 'server', message: errorMessage(error) });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  });
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : null;

  return (
    <form
      className={styles.fields}
      aria-label="Import team data"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <TextField
        ref={input}
        label="Team export file"
        type="file"
        accept=".zip,application/zip"
        error={errors.file?.message}
        helperText={file ? `${file.name} (${sizeOf(file.size)})` : 'A .zip made with Export team data, by this or another Pitwall.'}
        onChange={(e) => {
          setValue('file', e.target.files?.[0] ?? null);
          clearErrors('file');
        }}
      />
      {busy && (
        <div className={styles.progress}>
          <progress aria-label="Import progress" max={100} value={percent !== null && percent < 100 ? percent : undefined} />
          <span>{percent !== null && percent < 100 ? `Uploading ${percent}%` : 'Importing...'}</span>
        </div>
      )}
      {imported && (
        <Alert
          tone="info"
          action={
            <Link to="/" className={buttonClass('secondary', 'sm')}>
              See its cars
            </Link>
          }
        >
          The team was imported as a new team you own. Its other members are inactive until you reactivate them.
          {imported.renamedMembers.length > 0 && ` Usernames already taken on this server were changed: ${imported.renamedMembers.map((r) => `${r.from} → ${r.to}`).join(', ')}.`}
        </Alert>
      )}
      <div className={styles.actions} style={{ marginTop: 0 }}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Importing...' : 'Import team data'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Team data that moves: the owner exports each team they own as one file; anyone signed in imports
 * such a file as a new team of their own. Memoised: the branding form around it re-renders on
 * every keystroke, this card only when the teams change.
 */
export const TeamDataCard = memo(function TeamDataCard({ teams }: { teams: readonly UserTeam[] }) {
  const owned = teams.filter((t) => t.role === 'owner');
  return (
    <>
      {owned.length > 0 && (
        <div className={styles.fields}>
          <p className={styles.subtitle} style={{ marginTop: 0 }}>
            One .zip with the team&apos;s complete history (who changed what, and when), its images, and spreadsheet (CSV) tables with a README.txt.
          </p>
          {owned.map((team) => (
            <ExportTeam key={team.teamId} team={team} named={owned.length > 1} />
          ))}
        </div>
      )}
      <div className={owned.length > 0 ? styles.importSection : undefined}>
        <h3 className={styles.teamUnitsName}>Import a team</h3>
        <ImportTeam />
      </div>
    </>
  );
});
