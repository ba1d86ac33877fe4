import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AppDialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { PageContainer } from '@/components/ui/page';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import type { Api } from '@/lib/api/client';
import { useSalesPageHead } from '@/lib/document-head';
import { isLocale } from '@/lib/i18n';
import { saveFile } from '@/lib/save-file';
import { createCertificateVerificationActors } from '@machines/certificate-verification.actors';
import { certificateVerificationMachine } from '@machines/certificate-verification.machine';
import {
  canRevoke,
  isBusy,
  verdictOf,
  verificationFailure,
  verifiedCertificate,
  verifiedJwt,
} from '@machines/certificate-verification.selectors';
import { linkedInAddUrl } from './linkedin';

/**
 * The public verification page of a certificate (`/certificates/$id`, both languages; docs/product.md
 * "Certificates"): the verdict, checked in this browser (Valid, Revoked, Not valid), what the
 * signed credential says (and nothing else), its download as JWT or JSON, LinkedIn's "Add to
 * profile" link, and for admins "Revoke" with a reason. Full page without header and footer; its
 * own title and description.
 */
export function CertificateVerificationPage({ api, id, isAdmin }: { api: Api; id: string; isAdmin: boolean }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const machine = useMemo(
    () => certificateVerificationMachine.provide({ actors: createCertificateVerificationActors(api) }),
    [api],
  );
  const [snapshot, send] = useMachine(machine, { input: { id } });
  const verdict = verdictOf(snapshot);
  const cert = verifiedCertificate(snapshot);
  const jwt = verifiedJwt(snapshot);
  const failure = verificationFailure(snapshot);
  const [revoking, setRevoking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  useSalesPageHead({
    title: cert ? t`Certificate: ${cert.courseTitle} · Halaqa` : t`Certificate verification · Halaqa`,
    description: t`Check that a Halaqa certificate of completion is genuine and has not been revoked.`,
  });

  const badge =
    verdict === 'VALID' ? (
      <Badge tone="green">
        <Trans>Valid</Trans>
      </Badge>
    ) : verdict === 'REVOKED' ? (
      <Badge tone="red">
        <Trans>Revoked</Trans>
      </Badge>
    ) : verdict === 'INVALID' ? (
      <Badge tone="red">
        <Trans>Not valid</Trans>
      </Badge>
    ) : null;

  const download = (kind: 'jwt' | 'json') => {
    if (!jwt) return;
    const body =
      kind === 'jwt'
        ? jwt
        : JSON.stringify(JSON.parse(new TextDecoder().decode(base64UrlBytes(jwt.split('.')[1] ?? ''))), null, 2);
    saveFile(
      new Blob([body], { type: kind === 'jwt' ? 'application/vc+jwt' : 'application/json' }),
      `certificate-${id}.${kind === 'jwt' ? 'jwt' : 'json'}`,
    );
  };

  return (
    <main className={css({ minHeight: '100dvh', background: 'bg.subtle', paddingBlock: { base: '6', tablet: '12' } })}>
      <PageContainer>
        <Card
          as="section"
          aria-labelledby="certificate-title"
          aria-busy={isBusy(snapshot)}
          className={css({ maxWidth: '44rem', marginInline: 'auto', padding: { base: '5', tablet: '8' } })}
        >
          <p className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'primary.strong' })}>
            <Trans>Halaqa certificate verification</Trans>
          </p>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', marginBlock: '3' })}>
            <h1 id="certificate-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
              {cert ? cert.courseTitle : <Trans>Certificate</Trans>}
            </h1>
            <output aria-live="polite" data-testid="certificate-verdict">
              {badge}
            </output>
          </div>

          {verdict === 'CHECKING' ? (
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
              <Spinner label={t`Checking the signature and the status…`} />
              <Skeleton height="1.5rem" />
              <Skeleton height="1.5rem" />
            </div>
          ) : null}

          {verdict === 'FAILED' ? (
            <div
              role="alert"
              className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'start' })}
            >
              <p>
                <Trans>The certificate could not be checked right now.</Trans> {failure?.message}
              </p>
              <Button onClick={() => send({ type: 'retry' })}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          ) : null}

          {verdict === 'INVALID' ? (
            <p>
              <Trans>
                This is not a valid Halaqa certificate: it does not exist, or it was changed after it was signed.
              </Trans>
            </p>
          ) : null}

          {verdict === 'REVOKED' ? (
            <p className={css({ color: 'error.strong', marginBlockEnd: '3' })}>
              <Trans>This certificate was revoked by Halaqa and no longer attests the completion below.</Trans>
            </p>
          ) : null}

          {cert ? (
            <>
              <dl
                className={css({
                  display: 'grid',
                  gridTemplateColumns: { base: '1fr', tablet: 'max-content 1fr' },
                  columnGap: '6',
                  rowGap: '2',
                  '& dt': { fontWeight: 'semibold', color: 'fg.muted' },
                })}
              >
                <dt>
                  <Trans>Awarded to</Trans>
                </dt>
                <dd>{cert.learnerName}</dd>
                <dt>
                  <Trans>Course</Trans>
                </dt>
                <dd>{cert.courseTitle}</dd>
                <dt>
                  <Trans>Session</Trans>
                </dt>
                <dd>
                  {formatLongDate(cert.startDate, locale)} – {formatLongDate(cert.endDate, locale)}
                </dd>
                <dt>
                  <Trans>Live instruction</Trans>
                </dt>
                <dd>
                  <Trans>{cert.hours} hours</Trans>
                </dd>
                {cert.skills.length > 0 ? (
                  <>
                    <dt>
                      <Trans>Skills</Trans>
                    </dt>
                    <dd>{cert.skills.join(locale === 'ar' ? '، ' : ', ')}</dd>
                  </>
                ) : null}
                <dt>
                  <Trans>Educator</Trans>
                </dt>
                <dd>{cert.educatorName}</dd>
                <dt>
                  <Trans>Issued by</Trans>
                </dt>
                <dd>
                  <IssuedOn issuer={cert.issuerName} date={formatLongDate(cert.issuedOn, locale)} />
                </dd>
              </dl>
              <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', marginBlockStart: '6' })}>
                {verdict === 'VALID' ? (
                  <a
                    className={css({ color: 'primary.strong', textDecoration: 'underline', alignSelf: 'center' })}
                    href={linkedInAddUrl({ ...cert, id })}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Trans>Add to LinkedIn profile</Trans>
                  </a>
                ) : null}
                <Button variant="outline" onClick={() => download('json')}>
                  <Trans>Download credential (JSON)</Trans>
                </Button>
                <Button variant="outline" onClick={() => download('jwt')}>
                  <Trans>Download credential (JWT)</Trans>
                </Button>
                {isAdmin && (canRevoke(snapshot) || snapshot.matches('revoking')) ? (
                  <Button variant="danger" onClick={() => setRevoking(true)}>
                    <Trans>Revoke</Trans>
                  </Button>
                ) : null}
              </div>
              {failure && verdict === 'VALID' ? (
                <p role="alert" className={css({ color: 'error.strong', marginBlockStart: '3' })}>
                  <Trans>Could not revoke the certificate.</Trans> {failure.message}
                </p>
              ) : null}
            </>
          ) : null}
        </Card>
      </PageContainer>
      <AppDialog
        open={revoking}
        onClose={() => setRevoking(false)}
        busy={snapshot.matches('revoking')}
        role="alertdialog"
        size="sm"
        title={<Trans>Revoke this certificate?</Trans>}
        description={<Trans>Anyone who checks it will see that it is revoked. This cannot be undone.</Trans>}
        footer={
          <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
            <Button variant="ghost" onClick={() => setRevoking(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="danger"
              loading={snapshot.matches('revoking')}
              onClick={() => {
                if (!reason.trim()) {
                  setReasonError(t`Give a reason`);
                  return;
                }
                send({ type: 'revoke.requested', reason });
                setRevoking(false);
              }}
            >
              <Trans>Revoke</Trans>
            </Button>
          </div>
        }
      >
        <TextareaField
          label={t`Reason`}
          required
          value={reason}
          maxLength={500}
          error={reasonError ?? undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(null);
          }}
        />
      </AppDialog>
    </main>
  );
}

/** The bytes of a base64url string (a JWT segment). */
function base64UrlBytes(segment: string): Uint8Array {
  const b64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** "Halaqa on November, 1st 2026": who issued the certificate and when, in the page's language. */
function IssuedOn({ issuer, date }: { issuer: string; date: string }) {
  return (
    <Trans>
      <bdi>{issuer}</bdi> on {date}
    </Trans>
  );
}
