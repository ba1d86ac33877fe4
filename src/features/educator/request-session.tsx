import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { createSessionRequestActors } from '@machines/session-request.actors';
import { sessionRequestMachine } from '@machines/session-request.machine';
import { hasFailed, isSubmitting } from '@machines/session-request.selectors';
import { sessionToasts } from './session-messages';
import type { SessionFormValues } from './session-form';
import { SessionRequestDialog, type Timezone } from './session-request-form';

/**
 * "Request a session" of a course (educator): the request form in a dialog, driven by the
 * session-request machine (POST /sessions). Success: the spec's toast 'Request submitted
 * successfully!', the dialog closes and `onRequested` runs; failure: 'Error while creating
 * Session !' with the server's message, the form stays open.
 */
export function RequestSessionFlow({
  api,
  course,
  initialValues,
  timezones,
  onClose,
  onRequested,
}: {
  api: Api;
  course: { id: number; title: string };
  initialValues: SessionFormValues;
  timezones: readonly Timezone[];
  onClose: () => void;
  onRequested?: (sessionId: number) => void;
}) {
  const { t } = useLingui();
  const courseTitle = course.title;
  const machine = useMemo(() => sessionRequestMachine.provide({ actors: createSessionRequestActors(api) }), [api]);
  const [snapshot, send] = useMachine(machine);
  const { error, fieldErrors, result } = snapshot.context;
  const failed = hasFailed(snapshot);

  // Toasts on outcomes (product.md#messages), on entering `submitted` / `failed`; queued after React commits.
  const state = String(snapshot.value);
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before === state) return;
    if (state === 'submitted' && result) {
      const title = t(sessionToasts.requestSucceeded);
      setTimeout(() => toaster.create({ title, type: 'success' }), 0);
      onRequested?.(result.id);
      onClose();
    } else if (state === 'failed') {
      const title = t(sessionToasts.requestFailed);
      setTimeout(
        () => toaster.create({ title, ...(error?.message ? { description: error.message } : {}), type: 'error' }),
        0,
      );
    }
  }, [state, result, error, t, onClose, onRequested]);

  return (
    <SessionRequestDialog
      open
      onClose={onClose}
      title={<Trans>Request a session</Trans>}
      description={<Trans>A new session of “{courseTitle}”. An admin reviews it before learners can enroll.</Trans>}
      courseId={course.id}
      initialValues={initialValues}
      timezones={timezones}
      busy={isSubmitting(snapshot)}
      failure={failed ? (error?.message ?? t`Please check the form and try again.`) : null}
      serverErrors={fieldErrors}
      onSubmit={(request) => send({ type: 'request.submitted', request })}
    />
  );
}
