import { type EditorReference } from '@machines/course-editor.machine';
import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { twoColumns } from '@/components/ui/layout-styles';
import { SelectField, TextareaField, TextField } from '@/components/ui/field';
import { categoryName, DIFFICULTIES, difficultyLabels } from '@/lib/course-labels';
import { type Locale } from '@/lib/i18n';
import { type CourseFormValues, type Difficulty } from '@machines/course-editor.form';
import { CheckboxField, FieldRow, FormSection } from '@/components/ui/form-controls';

/** The course's details: title, descriptions, category, language, level, hours, price, and the instructors and privacy choices. */
export function CourseDetailsSection({
  values,
  reference,
  locale,
  privateTo,
  errorOf,
  change,
}: {
  values: CourseFormValues;
  reference: EditorReference;
  locale: Locale;
  /** The company the course may be made private to (its name), or null. */
  privateTo: string | null;
  errorOf: (key: string) => string | undefined;
  change: (patch: Partial<CourseFormValues>, fields: string[]) => void;
}) {
  const { t } = useLingui();
  const companyName = privateTo ?? '';
  return (
    <FormSection id="course-details" title={<Trans>Course details</Trans>}>
      <TextField
        label={t`Title`}
        name="title"
        dir="auto"
        required
        maxLength={200}
        value={values.title}
        onChange={(e) => change({ title: e.currentTarget.value }, ['title'])}
        error={errorOf('title')}
      />
      <TextareaField
        label={t`Short description`}
        name="description"
        dir="auto"
        required
        rows={3}
        maxLength={2000}
        helperText={t`One or two sentences, shown on the course cards.`}
        value={values.description}
        onChange={(e) => change({ description: e.currentTarget.value }, ['description'])}
        error={errorOf('description')}
      />
      <TextareaField
        label={t`About`}
        name="about"
        dir="auto"
        rows={6}
        helperText={t`What learners will do, build and need to know.`}
        value={values.about}
        onChange={(e) => change({ about: e.currentTarget.value }, ['about'])}
        error={errorOf('about')}
      />
      <FieldRow columns={3}>
        <SelectField
          label={t`Category`}
          name="courseCategoryId"
          required
          value={values.courseCategoryId}
          onChange={(e) => change({ courseCategoryId: e.currentTarget.value }, ['courseCategoryId'])}
          error={errorOf('courseCategoryId')}
        >
          <option value="">{t`Choose a category`}</option>
          {reference.categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {categoryName(c, locale)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Language`}
          name="languageId"
          required
          value={values.languageId}
          onChange={(e) => change({ languageId: e.currentTarget.value }, ['languageId'])}
          error={errorOf('languageId')}
        >
          {reference.languages.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Level`}
          name="difficultyLevel"
          required
          value={values.difficultyLevel}
          onChange={(e) => change({ difficultyLevel: e.currentTarget.value as Difficulty }, ['difficultyLevel'])}
          error={errorOf('difficultyLevel')}
        >
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {t(difficultyLabels[d])}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <FieldRow>
        <TextField
          label={t`Live hours`}
          name="numHours"
          type="number"
          inputMode="numeric"
          required
          min={0}
          max={1000}
          step={1}
          value={values.numHours}
          onChange={(e) => change({ numHours: e.currentTarget.value }, ['numHours'])}
          error={errorOf('numHours')}
        />
        <TextField
          label={t`Price (US dollars)`}
          name="price"
          type="number"
          inputMode="decimal"
          required
          min={0}
          max={100000}
          step={0.01}
          helperText={t`0 makes the course free.`}
          value={values.price}
          onChange={(e) => change({ price: e.currentTarget.value }, ['price'])}
          error={errorOf('price')}
        />
      </FieldRow>
      <div className={cx(twoColumns, css({ gap: '3' }))}>
        <CheckboxField
          label={<Trans>Several instructors</Trans>}
          hint={<Trans>Other educators may run sessions of this course.</Trans>}
          checked={values.hasMultiInstructors}
          onChange={(checked) => change({ hasMultiInstructors: checked }, ['hasMultiInstructors'])}
        />
        {privateTo !== null ? (
          <CheckboxField
            label={t`Private to ${companyName}`}
            hint={<Trans>Only your company's users will see this course.</Trans>}
            checked={values.isPrivate}
            onChange={(checked) => change({ isPrivate: checked }, ['isPrivate', 'companyId'])}
          />
        ) : null}
      </div>
    </FormSection>
  );
}
