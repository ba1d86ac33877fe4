import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { downloadCalendar } from '@/lib/calendar-download';

/**
 * "Download calendar (.ics)" of a session, on the classroom and the educator's attendance page:
 * `GET /sessions/{id}/calendar.ics` (RFC 5545) with the bearer token, saved as a file; a spinner
 * while it loads, and the toast 'Could not download the calendar' when it fails.
 */
export function CalendarDownload({ api, sessionId }: { api: Api; sessionId: number }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      loading={busy}
      startIcon={<CalendarIcon size={18} />}
      onClick={() => {
        setBusy(true);
        downloadCalendar(api, sessionId)
          .catch(() => toaster.create({ title: t`Could not download the calendar`, type: 'error' }))
          .finally(() => setBusy(false));
      }}
    >
      <Trans>Download calendar (.ics)</Trans>
    </Button>
  );
}
