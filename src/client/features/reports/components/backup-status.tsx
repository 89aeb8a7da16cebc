import { t } from '@shared/i18n/i18n.ts';
import { useIsAdmin } from '@client/data/account-role.ts';
import { useNumbers, useRestaurantTime } from '@client/data/restaurant.ts';
import { useBackupStatus } from '../api/audit.ts';

/**
 * The owner's line on the dashboard about the backups (issue 60, decision 056): the last good
 * copy, its time and size, and a failure after it, which is shown as an alert. Administrators
 * only; on PostgreSQL it says that the database's own tools back it up.
 */
export function BackupStatusCard() {
  const { isAdmin } = useIsAdmin();
  const status = useBackupStatus(isAdmin);
  const time = useRestaurantTime();
  const { number } = useNumbers();
  if (!isAdmin || !status.data) return null;
  const { engine, lastGood, lastFailure } = status.data;
  return (
    <section aria-labelledby="backup-status" className="card bg-base-100 p-4 shadow-sm">
      <h2 id="backup-status" className="mb-1 text-lg font-semibold">
        {t('backups.title', 'Backups')}
      </h2>
      {engine === 'postgres' ? (
        <p>
          {t(
            'backups.postgres',
            'The data is in PostgreSQL: back it up with its own tools (pg_dump), as the operations page says.',
          )}
        </p>
      ) : lastGood ? (
        <p>
          {t('backups.lastGood', 'Last good backup: {{time}} ({{size}} MB), {{file}}', {
            time: time(lastGood.at),
            size: number(Math.round(lastGood.bytes / 104_857.6) / 10),
            file: lastGood.file,
          })}
        </p>
      ) : (
        <p>{t('backups.none', 'No backup has been taken yet.')}</p>
      )}
      {lastFailure ? (
        <p role="alert" className="text-error">
          {t('backups.failed', 'The last backup failed at {{time}}: {{message}}', {
            time: time(lastFailure.at),
            message: lastFailure.message,
          })}
        </p>
      ) : null}
    </section>
  );
}
