import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import type { SignUpRole } from '@machines/signup.machine';

const optionClass = css({
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  padding: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  cursor: 'pointer',
  _hover: { borderColor: 'primary.muted' },
  '&:has(input:checked)': { borderColor: 'primary.strong', bg: 'primary.subtle' },
  '&:has(input:focus-visible)': { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
});

/**
 * The role choice of the sign-up: Learner (default) or Educator. An educator's account
 * waits for an admin's approval, which the option says before the choice is made.
 */
export function RoleChoice({ value, onChange }: { value: SignUpRole; onChange: (role: SignUpRole) => void }) {
  const { t } = useLingui();
  const options: Array<{ role: SignUpRole; title: string; text: string }> = [
    { role: 'LEARNER', title: t`Learner`, text: t`Join live courses and learn with others.` },
    {
      role: 'EDUCATOR',
      title: t`Educator`,
      text: t`Teach live courses. An administrator approves new educators first.`,
    },
  ];
  return (
    <fieldset
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', padding: 0, margin: 0 })}
    >
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', marginBlockEnd: '2' })}>
        <Trans>I want to join as</Trans>
      </legend>
      <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}>
        {options.map((o) => (
          <label key={o.role} className={cx(optionClass)}>
            <input
              type="radio"
              name="role"
              value={o.role}
              checked={value === o.role}
              onChange={() => onChange(o.role)}
              className={css({ marginBlockStart: '1', accentColor: 'var(--colors-primary-strong)' })}
            />
            <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
              <span className={css({ fontWeight: 'semibold' })}>{o.title}</span>
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{o.text}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
