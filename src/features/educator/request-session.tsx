import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { later } from '@/lib/later';
import { createSessionRequestActors } from '@machines/session-request.actors';
import { sessionRequestMachine } from '@machines/session-request.machine';
import { hasFailed, isSubmitting } from '@machines/session-request.selectors';
import { sessionToasts } from '@/lib/session-messages';
import type { SessionFormValues } from '@/lib/session-form';
import { SessionRequestDialog, type Timezone } from '@/components/ui/session-request-form';

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
  const [snapshot, send, actorRef] = useMachine(machine);
  const { error, fieldErrors } = snapshot.context;
  const failed = hasFailed(snapshot);

  // Toasts on outcomes (product.md#messages), from the machine's emitted facts; a success closes the dialog.
  useEffect(() => {
    const subscriptions = [
      actorRef.on('session.requested', (e) => {
        const title = t(sessionToasts.requestSucceeded);
        later(() => toaster.create({ title, type: 'success' }));
        onRequested?.(e.result.id);
        onClose();
      }),
      actorRef.on('session.requestFailed', (e) => {
        const title = t(sessionToasts.requestFailed);
        const description = e.error?.message;
        later(() => toaster.create({ title, ...(description ? { description } : {}), type: 'error' }));
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t, onClose, onRequested]);

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
