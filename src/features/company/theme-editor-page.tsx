import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { xhrCredentials } from '@/app-services';
import { FormAlert, SectionError, useErrorReason } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { PlusIcon, ResetIcon, TrashIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/spinner';
import { UploadField, uploadErrorText } from '@/components/ui/upload-field';
import type { Api } from '@/lib/api/client';
import { uploadFile } from '@/lib/api/upload';
import type { AuthActor } from '@/lib/auth/auth-service';
import { createThemeEditorActors, type LogoUploader } from '@machines/theme-editor.actors';
import { COLOUR_KEYS, type LinkProblem } from '@machines/theme-editor.form';
import { themeEditorMachine } from '@machines/theme-editor.machine';
import * as sel from '@machines/theme-editor.selectors';
import { ThemePreview } from './theme-preview';
import { colourLabels, ColourField } from './theme-colour-field';

const linkProblems: Record<LinkProblem, MessageDescriptor> = {
  'link.nameRequired': msg`Give the link a name.`,
  'link.nameInvalid': msg`Use Latin letters, digits, - or _ (start with a letter, at most 40).`,
  'link.nameDuplicate': msg`Each link needs its own name.`,
  'link.urlInvalid': msg`Enter an address starting with https://, http:// or mailto:`,
};

/** Names of the links the footer knows (others are shown as typed). */
export const knownLinkLabels: Record<string, MessageDescriptor> = {
  website: msg`Website`,
  support: msg`Support`,
};

const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold' });
const sectionLead = css({ fontSize: 'sm', color: 'fg.muted' });
const section = css({ display: 'flex', flexDirection: 'column', gap: '4', padding: { base: '4', tablet: '6' } });

/** A settings card's h2 (`id` names its section) with the muted line under it. */
function SectionHeading({ id, title, lead }: { id: string; title: ReactNode; lead: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      <p className={sectionLead}>{lead}</p>
    </div>
  );
}

/**
 * Company settings (product.md#entities company theme, #roles partner theme
 * settings): the three brand colours with a live preview of the header, buttons and badges and a
 * WCAG 2.1 AA check that warns on each unreadable colour and refuses to save it (the server
 * refuses it too); the logo (upload with progress, shown in the header to members); the links
 * shown in the footer to members. Saving applies the theme at once to the partner's own session
 * (`auth.themeChanged`); members get it at their next sign-in. Driven by `themeEditorMachine`.
 */
export function ThemeEditorPage({
  api,
  auth,
  companyId,
  companyName,
}: {
  api: Api;
  auth: AuthActor;
  companyId: number;
  companyName: string;
}) {
  const { t, i18n } = useLingui();
  const reason = useErrorReason();
  const machine = useMemo(() => {
    const credentials = xhrCredentials(auth);
    const upload: LogoUploader = (id, file, options) =>
      uploadFile('companyLogo', file, { ...credentials, ...options, companyId: id });
    return themeEditorMachine.provide({ actors: createThemeEditorActors(api, { upload }) });
  }, [api, auth]);
  const actor = useActorRef(machine, { input: { companyId } });
  const snapshot = useSelector(actor, (s) => s);
  const { values, logo, upload, uploadError, error, serverErrors } = snapshot.context;
  const check = sel.selectCheck(snapshot);
  const saving = sel.isSaving(snapshot);
  const unreadable = COLOUR_KEYS.filter((k) => check.colours[k].problem === 'colour.unreadable');

  useEffect(() => {
    const subscription = actor.on('brand.changed', (event) => {
      auth.send({ type: 'auth.themeChanged', companyId, theme: event.brand });
    });
    return () => subscription.unsubscribe();
  }, [actor, auth, companyId]);

  const header = (
    <PageHeader
      eyebrow={companyName}
      title={<Trans>Brand settings</Trans>}
      lead={<Trans>Your colours, logo and links, shown to every member of your company after they sign in.</Trans>}
    />
  );

  if (sel.loadFailed(snapshot)) {
    return (
      <PageContainer>
        {header}
        <SectionError
          title={<Trans>Could not load the brand settings</Trans>}
          error={error}
          onRetry={() => actor.send({ type: 'settings.retried' })}
        />
      </PageContainer>
    );
  }
  if (sel.isLoading(snapshot)) {
    return (
      <PageContainer>
        {header}
        <div aria-busy="true" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      {header}
      <div
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', desktop: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        })}
      >
        <form
          noValidate
          aria-label={t`Brand settings`}
          className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'settings.submitted' });
          }}
        >
          <Card>
            <section aria-labelledby="brand-colours" className={section}>
              <div
                className={css({
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: '3',
                  justifyContent: 'space-between',
                  alignItems: 'flex-start',
                })}
              >
                <SectionHeading
                  id="brand-colours"
                  title={<Trans>Colours</Trans>}
                  lead={<Trans>Text on each colour must reach a contrast of at least 4.5:1 (WCAG 2.1 AA).</Trans>}
                />
                <Button
                  variant="outline"
                  size="sm"
                  startIcon={<ResetIcon size={16} />}
                  disabled={saving}
                  onClick={() => actor.send({ type: 'theme.reset' })}
                >
                  <Trans>Default colours</Trans>
                </Button>
              </div>
              {unreadable.length > 0 ? (
                <FormAlert tone="warning" title={<Trans>This theme is not readable</Trans>}>
                  {t`Choose darker colours for: ${unreadable.map((k) => i18n._(colourLabels[k])).join(i18n.locale === 'ar' ? '، ' : ', ')}. The theme cannot be saved until then.`}
                </FormAlert>
              ) : null}
              {COLOUR_KEYS.map((key) => (
                <ColourField
                  key={key}
                  colourKey={key}
                  check={check.colours[key]}
                  serverError={serverErrors[`style.${key}Color`]}
                  disabled={saving}
                  onChange={(value) => actor.send({ type: 'colour.changed', key, value })}
                />
              ))}
            </section>
          </Card>

          <Card>
            <section aria-labelledby="brand-logo" className={section}>
              <h2 id="brand-logo" className={sectionTitle}>
                <Trans>Logo</Trans>
              </h2>
              <UploadField
                label={<Trans>Company logo</Trans>}
                kind="companyLogo"
                preview="image"
                value={logo ? { url: logo } : null}
                progress={upload}
                error={uploadError ? uploadErrorText(i18n, uploadError) : null}
                helperText={
                  <Trans>Shown in the header to your company's members. It is saved as soon as it is uploaded.</Trans>
                }
                onFileSelected={(file) => actor.send({ type: 'logo.selected', file })}
                onCancel={() => actor.send({ type: 'logo.cancelled' })}
              />
            </section>
          </Card>

          <Card>
            <section aria-labelledby="brand-links" className={section}>
              <SectionHeading
                id="brand-links"
                title={<Trans>Links</Trans>}
                lead={<Trans>Shown in the footer to your company's members, e.g. website and support.</Trans>}
              />
              {values.links.length === 0 ? (
                <p className={sectionLead}>
                  <Trans>No links yet.</Trans>
                </p>
              ) : null}
              <ul className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
                {values.links.map((row, index) => {
                  const problems = check.links[index] ?? {};
                  const n = index + 1;
                  return (
                    <li
                      key={index}
                      className={css({
                        display: 'grid',
                        gap: '3',
                        gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(0, 1fr) minmax(0, 2fr) auto' },
                        alignItems: 'start',
                      })}
                    >
                      <TextField
                        label={t`Name of link ${n}`}
                        value={row.name}
                        dir="ltr"
                        spellCheck={false}
                        autoComplete="off"
                        disabled={saving}
                        onChange={(e) => actor.send({ type: 'link.changed', index, name: e.target.value })}
                        error={
                          problems.name
                            ? i18n._(linkProblems[problems.name])
                            : (serverErrors[`links.${row.name}`] ?? null)
                        }
                        helperText={row.name in knownLinkLabels ? i18n._(knownLinkLabels[row.name]!) : undefined}
                      />
                      <TextField
                        label={t`Address of link ${n}`}
                        type="url"
                        value={row.url}
                        dir="ltr"
                        spellCheck={false}
                        autoComplete="off"
                        disabled={saving}
                        onChange={(e) => actor.send({ type: 'link.changed', index, url: e.target.value })}
                        error={problems.url ? i18n._(linkProblems[problems.url]) : null}
                      />
                      <Button
                        variant="ghost"
                        size="sm"
                        className={css({ marginBlockStart: { tablet: '6' } })}
                        startIcon={<TrashIcon size={16} />}
                        disabled={saving}
                        aria-label={t`Remove link ${n}`}
                        onClick={() => actor.send({ type: 'link.removed', index })}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    </li>
                  );
                })}
              </ul>
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  startIcon={<PlusIcon size={16} />}
                  disabled={saving}
                  onClick={() => actor.send({ type: 'link.added' })}
                >
                  <Trans>Add a link</Trans>
                </Button>
              </div>
            </section>
          </Card>

          {sel.wasRefused(snapshot) ? (
            <FormAlert title={<Trans>The theme was not saved</Trans>}>
              {unreadable.length > 0 ? (
                <Trans>Text on some colours would be hard to read. Choose darker colours first.</Trans>
              ) : (
                <Trans>Some links are not valid. Correct them first.</Trans>
              )}
            </FormAlert>
          ) : null}
          {sel.saveFailed(snapshot) ? (
            <FormAlert title={<Trans>The theme was not saved</Trans>}>{reason(error)}</FormAlert>
          ) : null}
          {sel.wasSaved(snapshot) ? (
            <FormAlert tone="success" title={<Trans>Brand settings saved</Trans>}>
              <Trans>Members see the new theme from their next sign-in.</Trans>
            </FormAlert>
          ) : null}

          <div className={cx(css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' }))}>
            <Button
              type="submit"
              loading={saving}
              aria-describedby={sel.canSave(snapshot) ? undefined : 'brand-save-hint'}
            >
              <Trans>Save theme</Trans>
            </Button>
            {sel.isDirty(snapshot) && !saving ? (
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                <Trans>Unsaved changes</Trans>
              </span>
            ) : null}
            {!sel.canSave(snapshot) && !saving ? (
              <span
                id="brand-save-hint"
                className={css({ fontSize: 'sm', color: 'error.strong', fontWeight: 'medium' })}
              >
                <Trans>Fix the colours or links above to save.</Trans>
              </span>
            ) : null}
          </div>
        </form>

        <aside
          aria-labelledby="brand-preview"
          className={css({ position: { desktop: 'sticky' }, insetBlockStart: { desktop: '20' } })}
        >
          <Card>
            <div className={section}>
              <SectionHeading
                id="brand-preview"
                title={<Trans>Live preview</Trans>}
                lead={<Trans>How members see the header, buttons and badges.</Trans>}
              />
              <ThemePreview values={values} logo={logo} companyName={companyName} />
            </div>
          </Card>
        </aside>
      </div>
    </PageContainer>
  );
}
