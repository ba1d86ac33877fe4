import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatLongDate } from '@/components/ui/format';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { isLocale, type Locale } from '@/lib/i18n';
import { saveFile } from '@/lib/save-file';
import { useAction } from '@/lib/use-action';
import type { components } from '@contract/schema';
import { linkedInAddUrl } from './linkedin';

type CertificateSummary = components['schemas']['CertificateSummary'];

/** Downloads a certificate's PDF in `lang` (GET /certificates/{id}/pdf, the signed-in client's token). */
async function downloadPdf(api: Api, id: string, lang: Locale): Promise<void> {
  const result = await api.GET('/certificates/{certificateId}/pdf', {
    params: { path: { certificateId: id }, query: { lang } },
    parseAs: 'blob',
  });
  // openapi-fetch's `parseAs: 'blob'` answers the body as a Blob (typed as the schema's string).
  const blob = result.data as unknown as Blob | undefined;
  if (result.error !== undefined || !blob || typeof blob.size !== 'number') throw new Error('PDF download failed');
  saveFile(blob, `certificate-${id}.pdf`);
}

/**
 * "My certificates" (`/my-certificates`, learners; docs/product.md "Certificates"): each
 * certificate with its course and dates, revoked ones marked; the PDF in the reader's language,
 * the verification page (the credential, JWT or JSON, downloads from there) and LinkedIn's "Add to
 * profile". Empty state when there is none yet.
 */
export function MyCertificatesPage({ api, certificates }: { api: Api; certificates: CertificateSummary[] }) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  usePageTitle(t`My certificates`);
  const pdf = useAction((id: string) => downloadPdf(api, id, locale), {
    onError: () => toaster.create({ title: t`Could not download the certificate`, type: 'error' }),
  });

  return (
    <PageContainer>
      <PageHeader
        title={<Trans>My certificates</Trans>}
        lead={
          <Trans>Certificates of the sessions you completed. Anyone can check them on their verification page.</Trans>
        }
      />
      {certificates.length === 0 ? (
        <EmptyState
          title={<Trans>No certificates yet</Trans>}
          description={
            <Trans>When you complete a session, its educator issues your certificate and it shows here.</Trans>
          }
        />
      ) : (
        <ul className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', desktop: '1fr 1fr' } })}>
          {certificates.map((c) => {
            const pageUrl = `${window.location.origin}/certificates/${c.id}`;
            return (
              <li key={c.id}>
                <Card
                  as="article"
                  className={css({ padding: '5', display: 'flex', flexDirection: 'column', gap: '3' })}
                >
                  <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
                    <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{c.courseTitle}</h2>
                    {c.revokedAt ? (
                      <Badge tone="red">
                        <Trans>Revoked</Trans>
                      </Badge>
                    ) : null}
                  </div>
                  <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    {formatLongDate(c.startDate, locale)} – {formatLongDate(c.endDate, locale)} ·{' '}
                    <Trans>Issued {formatLongDate(c.issuedAt.slice(0, 10), locale)}</Trans>
                  </p>
                  <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
                    <Button
                      variant="outline"
                      loading={pdf.state.status === 'pending' && pdf.state.key === c.id}
                      onClick={() => void pdf.start(c.id, c.id)}
                    >
                      <Trans>Download PDF</Trans>
                    </Button>
                    <Link
                      to="/certificates/$certificateId"
                      params={{ certificateId: c.id }}
                      className={cx(buttonStyles({ variant: 'ghost' }))}
                    >
                      <Trans>Verification page</Trans>
                    </Link>
                    {c.revokedAt ? null : (
                      <a
                        className={css({ color: 'primary.strong', textDecoration: 'underline' })}
                        href={linkedInAddUrl({
                          courseTitle: c.courseTitle,
                          issuedOn: c.issuedAt,
                          url: pageUrl,
                          id: c.id,
                        })}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <Trans>Add to LinkedIn profile</Trans>
                      </a>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </PageContainer>
  );
}
