import { Trans, useLingui } from '@lingui/react/macro';
import type { Editor } from '@tiptap/core';
import { type FormEvent, useId, useState } from 'react';
import { AppDialog } from '@/components/ui/dialog';
import { DialogForm, DialogFormActions } from '@/components/ui/dialog-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { later } from '@/lib/later';
import { checkLinkUrl, type LinkUrlIssue } from './link-url';

/**
 * The link dialog of the lesson editor (Ctrl+K or the toolbar's link button): the address (http,
 * https or mailto only, {@link checkLinkUrl}; another one is refused with a message and nothing
 * changes), and, when no text is selected, the text to show (default: the address). On a link it
 * edits the whole link, and offers "Remove link". Closing returns to the text.
 */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useLingui();
  const formId = useId();
  const editing = editor.isActive('link');
  const withText = !editing && editor.state.selection.empty;
  const [url, setUrl] = useState<string>(editing ? String(editor.getAttributes('link').href ?? '') : '');
  const [label, setLabel] = useState('');
  const [issue, setIssue] = useState<LinkUrlIssue | null>(null);

  const messages: Record<LinkUrlIssue, string> = {
    empty: t`Enter the link's address.`,
    scheme: t`Only links starting with https://, http:// or mailto: are allowed.`,
    invalid: t`This is not a valid address, for example https://example.com/page.`,
  };

  const close = (run?: () => void) => {
    onClose();
    // After the dialog gives the focus back: format and return to the text.
    later(() => {
      run?.();
      editor.commands.focus();
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is rendered in a portal but inside the lesson's form in React's tree: its submit
    // must not bubble there and save the lesson.
    event.stopPropagation();
    const checked = checkLinkUrl(url);
    if ('issue' in checked) {
      setIssue(checked.issue);
      const form = event.currentTarget as HTMLFormElement;
      later(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const href = checked.url;
    close(() => {
      const chain = editor.chain().focus();
      if (editing) chain.extendMarkRange('link').setLink({ href }).run();
      else if (withText)
        chain
          .insertContent({ type: 'text', text: label.trim() || href, marks: [{ type: 'link', attrs: { href } }] })
          .run();
      else chain.setLink({ href }).run();
    });
  };

  return (
    <AppDialog
      open
      size="sm"
      onClose={() => close()}
      title={editing ? <Trans>Edit link</Trans> : <Trans>Add link</Trans>}
      footer={
        <>
          {editing ? (
            <Button
              variant="ghost"
              onClick={() => close(() => editor.chain().focus().extendMarkRange('link').unsetLink().run())}
            >
              <Trans>Remove link</Trans>
            </Button>
          ) : null}
          <DialogFormActions
            formId={formId}
            busy={false}
            onCancel={() => close()}
            submitLabel={editing ? <Trans>Save link</Trans> : <Trans>Add link</Trans>}
          />
        </>
      }
    >
      <DialogForm id={formId} onSubmit={onSubmit}>
        <TextField
          label={t`Link address`}
          type="url"
          dir="ltr"
          inputMode="url"
          placeholder="https://"
          required
          helperText={t`A web page (https://…) or an email address (mailto:…).`}
          value={url}
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            setIssue(null);
          }}
          error={issue ? messages[issue] : null}
        />
        {withText ? (
          <TextField
            label={t`Text to show`}
            dir="auto"
            helperText={t`Leave it empty to show the address.`}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
        ) : null}
      </DialogForm>
    </AppDialog>
  );
}
