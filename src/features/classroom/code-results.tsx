import { Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { CodeOutput } from '@/components/ui/code-output';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons';
import { LessonPart } from '@/components/ui/titled-section';
import type { components } from '@contract/schema';

type TestResult = components['schemas']['ProgrammingTestResult'];

/**
 * Per-test results of a lab: a run of the visible tests (no grade: "Run results", nothing recorded)
 * or a graded submission (`grade` out of `points`). Each test shows passed or failed and what it
 * printed or why it failed; code output reads left to right in both languages.
 */
export function CodeResults({
  results,
  grade,
}: {
  results: readonly TestResult[];
  grade: { grade: number; points: number } | null;
}) {
  const { t } = useLingui();
  const passed = results.filter((r) => r.passed).length;
  const total = results.length;
  return (
    <LessonPart
      titleId="code-results-title"
      title={grade ? <Trans>Submission results</Trans> : <Trans>Run results (not submitted)</Trans>}
    >
      <p role="status" data-testid="code-results-summary" className={css({ fontWeight: 'semibold' })}>
        {t`${passed} of ${total} tests passed`}
        {grade ? <> · {t`Grade: ${grade.grade} / ${grade.points}`}</> : null}
      </p>
      <ul className={plainList({ gap: '2' })}>
        {results.map((r, i) => (
          <li
            key={`${i}-${r.name}`}
            data-testid="test-result"
            data-passed={r.passed}
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '1.5',
              padding: '3',
              borderRadius: 'lg',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderInlineStartWidth: '4px',
              borderInlineStartColor: r.passed ? 'success.strong' : 'error.strong',
            })}
          >
            <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
              {r.passed ? (
                <Badge tone="green">
                  <CheckCircleIcon size={14} />
                  <Trans>Passed</Trans>
                </Badge>
              ) : (
                <Badge tone="red">
                  <AlertIcon size={14} />
                  <Trans>Failed</Trans>
                </Badge>
              )}
              <code dir="ltr" className={css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' })}>
                {r.name}
              </code>
            </div>
            {r.output ? (
              <CodeOutput
                className={css({
                  fontSize: 'xs',
                  bg: 'bg.subtle',
                  padding: '2',
                  borderRadius: 'md',
                  overflowX: 'auto',
                })}
              >
                {r.output}
              </CodeOutput>
            ) : null}
          </li>
        ))}
      </ul>
    </LessonPart>
  );
}
