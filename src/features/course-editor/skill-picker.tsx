import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { bareFieldset } from '@/components/ui/fieldset-styles';
import { fieldError, plainList } from 'styled-system/recipes';
import { controlStyles } from '@/components/ui/field';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { joinSkills, splitSkills } from '@machines/course-editor.form';

/**
 * Chooses skills from the skills list (product.md#entities: required and gained skills, joined with '|' in the
 * form). A fieldset: the chosen skills as removable chips, a filter box, and the matching skills
 * as checkboxes (type to narrow the list).
 */
export function SkillPicker({
  legend,
  hint,
  skills,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  hint?: string;
  skills: ReadonlyArray<{ id: number; name: string }>;
  /** Skill ids joined with '|'. */
  value: string;
  onChange: (joined: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = splitSkills(value);
  const byId = useMemo(() => new Map(skills.map((s) => [s.id, s])), [skills]);
  const query = filter.trim().toLowerCase();
  const matching = skills.filter((s) => !query || s.name.toLowerCase().includes(query)).slice(0, 200);

  const toggle = (skillId: number, on: boolean) => {
    const next = on ? [...chosen.filter((c) => c !== skillId), skillId] : chosen.filter((c) => c !== skillId);
    onChange(joinSkills(next));
  };

  return (
    <fieldset
      disabled={disabled}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      className={cx(bareFieldset, css({ gap: '2.5' }))}
    >
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', marginBlockEnd: '1', padding: 0 })}>
        {legend}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {hint}
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <ul aria-label={t`Chosen: ${legend}`} className={plainList({ direction: 'row', gap: '2' })}>
          {chosen.map((skillId) => {
            const name = byId.get(skillId)?.name ?? `#${skillId}`;
            return (
              <li key={skillId}>
                <button
                  type="button"
                  onClick={() => toggle(skillId, false)}
                  aria-label={t`Remove ${name}`}
                  className={css({
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: '1.5',
                    paddingInlineStart: '3',
                    paddingInlineEnd: '2',
                    paddingBlock: '1',
                    borderRadius: 'full',
                    bg: 'primary.subtle',
                    color: 'primary.stronger',
                    fontSize: 'sm',
                    fontWeight: 'medium',
                    cursor: 'pointer',
                    _hover: { bg: 'primary.muted' },
                    _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
                  })}
                >
                  {name}
                  <CloseIcon size={14} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>None chosen yet.</Trans>
        </p>
      )}
      <div className={css({ position: 'relative' })}>
        <span
          aria-hidden
          className={css({ position: 'absolute', insetInlineStart: '3', insetBlockStart: '2.5', color: 'fg.subtle' })}
        >
          <SearchIcon size={18} />
        </span>
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          aria-label={t`Filter: ${legend}`}
          placeholder={t`Filter skills`}
          className={cx(controlStyles, css({ paddingInlineStart: '10' }))}
        />
      </div>
      <div
        className={css({
          maxHeight: '44',
          overflowY: 'auto',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'lg',
          padding: '2',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
          gap: '1',
        })}
      >
        {matching.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted', padding: '2' })}>
            <Trans>No skill matches.</Trans>
          </p>
        ) : (
          matching.map((skill) => (
            <label
              key={skill.id}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '2',
                paddingInline: '2',
                paddingBlock: '1.5',
                borderRadius: 'md',
                fontSize: 'sm',
                cursor: 'pointer',
                _hover: { bg: 'bg.subtle' },
              })}
            >
              <input
                type="checkbox"
                checked={chosen.includes(skill.id)}
                onChange={(e) => toggle(skill.id, e.currentTarget.checked)}
                className={css({ accentColor: 'var(--colors-primary-strong)' })}
              />
              {skill.name}
            </label>
          ))
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className={fieldError()}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
