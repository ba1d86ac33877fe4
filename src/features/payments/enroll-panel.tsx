import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { Button, buttonStyles } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { isLearnerRole } from '@machines/auth.selectors';
import { useViewer } from '@/lib/auth/use-viewer';
import { FormAlert } from '@/components/ui/alert';
import type { Api } from '@/lib/api/client';
import { later } from '@/lib/later';
import { currentLocale, isLocale } from '@/lib/i18n';
import type { components } from '@contract/schema';
import { createEnrollmentActors } from '@machines/enrollment.actors';
import { enrollmentMachine } from '@machines/enrollment.machine';
import { CheckoutPanel } from '@/features/payments/checkout-panel';
import { formatClock } from '@/lib/payment-format';
import { selectCheckout, selectView } from '@machines/enrollment.selectors';
import { enrollmentFailureMessage } from './payment-messages';
import { CancelEnrollment } from './cancel-enrollment';

type SessionInfo = components['schemas']['SessionInfo'];

const column = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

function SeatsLeft({ seatsLeft }: { seatsLeft: number }) {
  return (
    <p
      className={cx(
        muted,
        seatsLeft > 0 && seatsLeft <= 3 ? css({ color: 'warning.stronger', fontWeight: 'semibold' }) : undefined,
      )}
    >
      {seatsLeft > 0 ? (
        <Plural value={seatsLeft} one="# seat left" other="# seats left" />
      ) : (
        <Trans>No seats left</Trans>
      )}
    </p>
  );
}

/**
 * The enrollment workflow of a signed-in learner (the enrollment machine; paying is its checkout
 * child). Exported for tests; pages use `EnrollPanel`. `keySeed` fixes the Idempotency-Key prefix
 * (tests).
 */
export function EnrollFlow({
  session,
  api,
  keySeed,
  waitlist,
  payWith,
}: {
  session: SessionInfo;
  api: Api;
  keySeed?: string;
  waitlist?: ReactNode;
  /** `wallet`: the checkout opens at once, on the wallet (back from a top-up). */
  payWith?: 'wallet';
}) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const router = useRouter();
  const machine = useMemo(() => enrollmentMachine.provide({ actors: createEnrollmentActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, {
    input: {
      session: { id: session.id, price: session.price, seatsLeft: session.seatsLeft },
      enrolled: Boolean(session.enrollment && session.enrollment.status === 'ACTIVE'),
      ...(keySeed ? { keySeed } : {}),
      ...(payWith ? { payWith } : {}),
    },
  });
  // Back from a top-up: the checkout opens by itself (once; a learner already enrolled stays so).
  const resumed = useRef(false);
  useEffect(() => {
    if (!payWith || resumed.current) return;
    resumed.current = true;
    send({ type: 'enrollment.requested' });
  }, [payWith, send]);
  const view = selectView(snapshot);
  const checkout = selectCheckout(snapshot);
  const { error, notice } = snapshot.context;
  const free = session.price <= 0;

  // Toasts (product.md#messages texts) from the machine's emitted outcomes; an enrollment or a full session
  // also refreshes the seats and enrollment on this page and My courses.
  useEffect(() => {
    const subscriptions = [
      actorRef.on('enrollment.enrolled', () => {
        later(() => toaster.create({ title: t`You are enrolled in this session.`, type: 'success' }));
        later(() => void router.invalidate());
      }),
      actorRef.on('enrollment.failed', ({ error: failure }) => {
        if (!failure) return;
        const title = t(enrollmentFailureMessage(failure));
        const description = failure.message;
        later(() => toaster.create({ title, ...(description ? { description } : {}), type: 'error' }));
      }),
      actorRef.on('enrollment.full', () => {
        later(() => toaster.create({ title: t`This session is full.`, type: 'error' }));
        later(() => void router.invalidate());
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t, router]);

  if (view === 'enrolled') {
    return (
      <div className={column}>
        <FormAlert tone="success" title={<Trans>You are enrolled</Trans>}>
          <Trans>Its lessons, meetings and chat are in the classroom.</Trans>
        </FormAlert>
        <Link
          to="/classroom/$sessionId"
          params={{ sessionId: session.id }}
          className={buttonStyles({ fullWidth: true, size: 'lg' })}
        >
          <Trans>Go to the classroom</Trans>
        </Link>
        <Link to="/my-courses" className={buttonStyles({ fullWidth: true, variant: 'ghost' })}>
          <Trans>Go to My courses</Trans>
        </Link>
        <CancelEnrollment api={api} sessionId={session.id} courseTitle={session.course.title} size="md" />
      </div>
    );
  }

  if (view === 'full') {
    return (
      <div className={column}>
        <Price value={session.price} size="lg" />
        <FormAlert tone="warning" title={<Trans>This session is full.</Trans>}>
          <Trans>Check the other sessions of this course.</Trans>
        </FormAlert>
        {waitlist}
      </div>
    );
  }

  if (view === 'enrolling') {
    return (
      <div className={column}>
        <Price value={session.price} size="lg" />
        <p role="status" className={cx(muted, css({ display: 'flex', alignItems: 'center', gap: '2' }))}>
          <Spinner size="sm" decorative />
          <Trans>Enrolling you in this session…</Trans>
        </p>
      </div>
    );
  }

  if (view === 'checkout' && checkout) {
    return (
      <section aria-labelledby={`checkout-${session.id}`} className={column}>
        <h3 id={`checkout-${session.id}`} className={css({ fontSize: 'md', fontWeight: 'bold' })}>
          <Trans>Pay for this session</Trans>
        </h3>
        <CheckoutPanel actor={checkout} price={session.price} />
      </section>
    );
  }

  if (view === 'failed' && error) {
    return (
      <div className={column}>
        <Price value={session.price} size="lg" />
        <FormAlert title={t(enrollmentFailureMessage(error))}>
          {error.message ??
            (error.status === undefined || error.status === 0
              ? t`We could not reach the server. Check your connection and try again.`
              : null)}
        </FormAlert>
        <Button size="lg" fullWidth onClick={() => send({ type: 'enrollment.retried' })}>
          <Trans>Try again</Trans>
        </Button>
        <Button variant="ghost" fullWidth onClick={() => send({ type: 'enrollment.cancelled' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    );
  }

  const heldUntil = notice?.heldUntil ? formatClock(notice.heldUntil, locale) : null;
  return (
    <div className={column}>
      <Price value={session.price} size="lg" />
      <SeatsLeft seatsLeft={session.seatsLeft} />
      {notice ? (
        <FormAlert tone="info" title={<Trans>Your seat is still held</Trans>}>
          {heldUntil ? (
            <Trans>We could not release it now; it is released automatically at {heldUntil}.</Trans>
          ) : (
            <Trans>We could not release it now; it is released automatically in a few minutes.</Trans>
          )}
        </FormAlert>
      ) : null}
      <Button size="lg" fullWidth onClick={() => send({ type: 'enrollment.requested' })}>
        {free ? <Trans>Enroll for free</Trans> : <Trans>Enroll</Trans>}
      </Button>
      {!free ? (
        <p className={muted}>
          <Trans>
            Pay by card or from your Halaqa wallet. A platform fee is added; you see the total before paying.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The enrollment box of a session page. Visitors get a sign-in link back to this page; signed-in
 * learners run the enrollment machine: free sessions enroll at once, paid ones open the checkout
 * (fee breakdown; saved card, new card or wallet; 3-D Secure; product.md#states). Shows seats left, the full
 * state, progress, failure with retry, and success with a link to My courses. `waitlist` (the
 * route's "Join the waitlist" box) is shown under a full session.
 */
export function EnrollPanel({
  session,
  waitlist,
  payWith,
}: {
  session: SessionInfo;
  waitlist?: ReactNode;
  /** `wallet`: open the checkout at once, on the wallet (back from a top-up). */
  payWith?: 'wallet';
}) {
  const { api, loggedIn, role, href } = useViewer();

  if (!loggedIn) {
    return (
      <div className={column}>
        <Price value={session.price} size="lg" />
        <SeatsLeft seatsLeft={session.seatsLeft} />
        {session.seatsLeft > 0 ? (
          <Link to="/login" search={{ redirect: href }} className={buttonStyles({ fullWidth: true, size: 'lg' })}>
            <Trans>Sign in to enroll</Trans>
          </Link>
        ) : (
          <>
            <FormAlert tone="warning" title={<Trans>This session is full.</Trans>} />
            {waitlist}
          </>
        )}
      </div>
    );
  }

  if (role && !isLearnerRole(role)) {
    return (
      <div className={column}>
        <Price value={session.price} size="lg" />
        <SeatsLeft seatsLeft={session.seatsLeft} />
        <FormAlert tone="info">
          <Trans>Only learner accounts can enroll in sessions.</Trans>
        </FormAlert>
      </div>
    );
  }

  return (
    // A cancelled (or new) enrollment starts the workflow again from what the page now says.
    <EnrollFlow
      key={`${session.id}-${session.enrollment?.status ?? 'none'}`}
      session={session}
      api={api}
      waitlist={waitlist}
      {...(payWith ? { payWith } : {})}
    />
  );
}
