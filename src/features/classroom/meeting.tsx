import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, ClockIcon, GlobeIcon, VideoIcon } from '@/components/ui/icons';
import { toaster } from '@/components/ui/toast';
import { useMeridiem, zoneLabel } from '@/components/ui/schedule';
import { ApiError, type Api } from '@/lib/api/client';
import { isLocale, type Locale } from '@/lib/i18n';
import { joinMeeting } from './classroom-actions';
import {
  canJoin,
  epochOf,
  formatCountdown,
  formatInstant,
  joinWindow,
  spanInZones,
  type MeetingOccurrence,
} from '@/lib/classroom-time';

/** The UI locale of Lingui ('en' when unknown). */
export function useUiLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/**
 * When a meeting occurrence takes place: in the viewer's time zone first ("Your time"), then in
 * the session's ("New York time") when the wall time differs. Renders nothing for an unreadable
 * zone or instant.
 */
export function OccurrenceTimes({
  occurrence,
  sessionZone,
  viewerZone,
}: {
  occurrence: Pick<MeetingOccurrence, 'startsAt' | 'endsAt'>;
  sessionZone: string;
  viewerZone: string;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  let texts: { session: string; viewer: string | null };
  try {
    texts = spanInZones(occurrence, sessionZone, viewerZone, locale, meridiem);
  } catch {
    return null;
  }
  const zone = zoneLabel(sessionZone);
  const row = css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm' });
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      {texts.viewer ? (
        <p className={row}>
          <ClockIcon size={16} className={css({ flexShrink: 0, marginBlockStart: '0.5' })} />
          <span>
            <span className={css({ fontWeight: 'semibold' })}>{t`Your time:`}</span> {texts.viewer}
          </span>
        </p>
      ) : null}
      <p className={row}>
        <GlobeIcon size={16} className={css({ flexShrink: 0, marginBlockStart: '0.5' })} />
        <span>
          <span className={css({ fontWeight: 'semibold' })}>{t`${zone} time:`}</span> {texts.session}
        </span>
      </p>
    </div>
  );
}

/**
 * Where the meeting stands now, as text: "Starts in 2 days, 3 hours", "Starting in 5 minutes: you
 * can join now", "Live now: ends in 40 minutes", "This meeting has ended". A `timer` (not read
 * out on every tick).
 */
export function Countdown({ occurrence, now }: { occurrence: MeetingOccurrence; now: number }) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const { state, msLeft } = joinWindow(occurrence, now);
  const left = formatCountdown(msLeft, locale);
  const startsIn = formatCountdown(epochOf(occurrence.startsAt) - now, locale);
  return (
    <p
      role="timer"
      className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontWeight: 'semibold' })}
    >
      {state === 'live' ? (
        <>
          <Badge tone="green">
            <Trans>Live now</Trans>
          </Badge>
          <span>{t`Ends in ${left}`}</span>
        </>
      ) : state === 'open' ? (
        <span>{t`Starting in ${left}: you can join now`}</span>
      ) : state === 'upcoming' ? (
        <span>{t`Starts in ${startsIn}`}</span>
      ) : (
        <span className={css({ color: 'fg.muted' })}>{t`This meeting has ended`}</span>
      )}
    </p>
  );
}

/**
 * "Join meeting": enabled from 10 minutes before the start until the end (docs/classroom.md "Join
 * window"), with a hint of when it opens otherwise. Joining calls `POST …/join` and opens the
 * answered link in a new tab (and shows it, in case the browser blocked the tab); a refusal shows
 * the server's message (409 outside the window), else the generic 'System error please try later !'.
 */
export function JoinMeetingButton({
  api,
  sessionId,
  lessonId,
  lessonName,
  occurrence,
  now,
  viewerZone,
  onJoined,
}: {
  api: Api;
  sessionId: number;
  lessonId: number;
  lessonName: string;
  occurrence: MeetingOccurrence;
  now: number;
  viewerZone: string;
  onJoined?: () => void;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  const [joining, setJoining] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = canJoin(occurrence, now);
  const { state } = joinWindow(occurrence, now);
  let opensAt = '';
  try {
    opensAt = formatInstant(occurrence.opensAt, viewerZone, locale, meridiem);
  } catch {
    opensAt = occurrence.opensAt;
  }

  const join = async () => {
    setJoining(true);
    setRefusal(null);
    try {
      const answer = await joinMeeting(api, sessionId, lessonId);
      setLink(answer.url);
      window.open(answer.url, '_blank', 'noopener,noreferrer');
      onJoined?.();
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage ? error.serverMessage : t`System error please try later !`;
      setRefusal(message);
      toaster.create({ title: message, type: 'error' });
    } finally {
      setJoining(false);
    }
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
      <Button
        variant="secondary"
        startIcon={<VideoIcon size={18} />}
        disabled={!open}
        loading={joining}
        onClick={() => void join()}
      >
        <Trans>Join meeting</Trans>
        <span className={css({ srOnly: true })}>: {lessonName}</span>
      </Button>
      {!open ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {state === 'ended' ? (
            <Trans>This meeting has ended.</Trans>
          ) : (
            t`You can join from ${opensAt} (10 minutes before the start).`
          )}
        </p>
      ) : null}
      {link ? (
        <p className={css({ fontSize: 'sm', display: 'flex', gap: '1.5', alignItems: 'center' })}>
          <CheckCircleIcon size={16} className={css({ color: 'success.strong' })} />
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className={css({ color: 'primary.strong', textDecoration: 'underline', overflowWrap: 'anywhere' })}
          >
            <Trans>Open the meeting in a new tab</Trans>
          </a>
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'error.strong' })}>
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
