import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { SelectField, TextareaField, TextField } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-controls';
import { RemoveButton } from '@/components/ui/item-actions';
import { FormSection } from '@/components/ui/form-controls';
import { ConfirmRemove } from './confirm-remove';
import {
  AUTHORING_LIMITS,
  emptyTest,
  type ProgrammingDraft,
  removeAt,
  updateAt,
} from '@machines/lesson-authoring.form';
import { GroupError } from './question-editor';

/** Code-like inputs (function name, starter code, JSON arguments and results) in a monospace font; labels and hints keep the text font. */
const mono = css({ '& textarea, & input': { fontFamily: 'mono' } });

/**
 * The programming part of a programming assignment: its language (JavaScript by default, or
 * Python), the function learners
 * write (its name and starter code) and the tests run against it (name, arguments as a JSON list,
 * the expected value as JSON), at least one; tests are added and removed (after a confirmation).
 * `errorOf(path)` gives the translated error of `programming.…`; `onChange(programming, fields)`.
 */
export function TestsEditor({
  programming,
  errorOf,
  onChange,
  disabled,
}: {
  programming: ProgrammingDraft;
  errorOf: (path: string) => string | undefined;
  onChange: (programming: ProgrammingDraft, fields: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [removing, setRemoving] = useState<number | null>(null);
  const removingNo = (removing ?? 0) + 1;
  const tests = programming.tests;

  return (
    <FormSection
      id="lesson-programming"
      title={<Trans>Programming</Trans>}
      lead={
        <Trans>
          Learners write a function in the language you choose (JavaScript or Python); each test calls it with the
          arguments and compares the result with the expected value.
        </Trans>
      }
    >
      <SelectField
        label={t`Language`}
        value={programming.language}
        disabled={disabled}
        onChange={(e) =>
          onChange({ ...programming, language: e.currentTarget.value === 'python' ? 'python' : 'javascript' }, [
            'programming.functionName',
          ])
        }
      >
        <option value="javascript">JavaScript</option>
        <option value="python">Python</option>
      </SelectField>
      <TextField
        className={mono}
        label={t`Function name`}
        dir="ltr"
        required
        maxLength={AUTHORING_LIMITS.functionName}
        value={programming.functionName}
        disabled={disabled}
        onChange={(e) =>
          onChange({ ...programming, functionName: e.currentTarget.value }, ['programming.functionName'])
        }
        error={errorOf('programming.functionName')}
      />
      <TextareaField
        className={mono}
        label={t`Starter code`}
        helperText={t`What learners start from.`}
        dir="ltr"
        rows={8}
        spellCheck={false}
        maxLength={AUTHORING_LIMITS.starterCode}
        value={programming.starterCode}
        disabled={disabled}
        onChange={(e) => onChange({ ...programming, starterCode: e.currentTarget.value }, ['programming.starterCode'])}
        error={errorOf('programming.starterCode')}
      />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h3 className={css({ fontWeight: 'bold' })}>
          <Trans>Tests</Trans>
        </h3>
        <GroupError id="programming-tests-error" error={errorOf('programming.tests')} />
        <ol className={plainList({ gap: '3' })}>
          {tests.map((test, i) => {
            const n = i + 1;
            const base = `programming.tests[${i}]`;
            return (
              <li
                key={test.key}
                data-testid="authoring-test"
                className={css({
                  display: 'grid',
                  gap: '2',
                  alignItems: 'end',
                  padding: '3',
                  borderRadius: 'lg',
                  bg: 'bg.subtle',
                  gridTemplateColumns: {
                    base: 'minmax(0, 1fr)',
                    tablet: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto',
                  },
                })}
              >
                <TextField
                  label={t`Name of test ${n}`}
                  dir="auto"
                  required
                  maxLength={AUTHORING_LIMITS.testName}
                  value={test.name}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange({ ...programming, tests: updateAt(tests, i, { name: e.currentTarget.value }) }, [
                      `${base}.name`,
                    ])
                  }
                  error={errorOf(`${base}.name`)}
                />
                <TextField
                  className={mono}
                  label={t`Arguments of test ${n} (JSON list)`}
                  dir="ltr"
                  required
                  spellCheck={false}
                  value={test.args}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange({ ...programming, tests: updateAt(tests, i, { args: e.currentTarget.value }) }, [
                      `${base}.args`,
                    ])
                  }
                  error={errorOf(`${base}.args`)}
                />
                <TextField
                  className={mono}
                  label={t`Expected result of test ${n} (JSON)`}
                  dir="ltr"
                  required
                  spellCheck={false}
                  value={test.expected}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange({ ...programming, tests: updateAt(tests, i, { expected: e.currentTarget.value }) }, [
                      `${base}.expected`,
                    ])
                  }
                  error={errorOf(`${base}.expected`)}
                />
                <RemoveButton label={t`Remove test ${n}`} disabled={disabled} onClick={() => setRemoving(i)} />
                <div className={css({ gridColumn: '1 / -1' })}>
                  <CheckboxField
                    label={t`Hidden test ${n}`}
                    hint={t`Learners see only whether it passed, never its arguments, expected result or output.`}
                    checked={test.hidden}
                    disabled={disabled}
                    onChange={(hidden) =>
                      onChange({ ...programming, tests: updateAt(tests, i, { hidden }) }, [`${base}.hidden`])
                    }
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <div>
          <Button
            variant="outline"
            disabled={disabled || tests.length >= AUTHORING_LIMITS.tests}
            onClick={() => onChange({ ...programming, tests: [...tests, emptyTest()] }, ['programming.tests'])}
          >
            <Trans>Add a test</Trans>
          </Button>
        </div>
      </div>
      <ConfirmRemove
        open={removing !== null}
        title={t`Remove test ${removingNo}?`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing === null) return;
          setRemoving(null);
          onChange({ ...programming, tests: removeAt(tests, removing) }, ['programming.tests']);
        }}
      />
    </FormSection>
  );
}
