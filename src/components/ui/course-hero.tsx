import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { iconFact } from './course-card-parts';
import { containerStyles } from './page';

/** The frame of the course picture in a {@link HeroBand}: rounded, clipped, raised. */
export const heroPicture = css({ borderRadius: '2xl', overflow: 'hidden', boxShadow: 'raised' });

/** A grid in the page's container; `layout` gives its columns, gaps and padding. */
function ContainerGrid({ layout, children }: { layout: string; children: ReactNode }) {
  return <div className={cx(containerStyles, css({ display: 'grid' }), layout)}>{children}</div>;
}

/**
 * The band on top of a course or session page: the surface colour, ruled below, holding a grid in
 * the page's container. `layout` gives the grid its columns and gap.
 */
export function HeroBand({ layout, children }: { layout: string; children: ReactNode }) {
  return (
    <div className={css({ bg: 'bg.surface', borderBlockEndWidth: '1px', borderColor: 'border.default' })}>
      <ContainerGrid layout={cx(css({ paddingBlock: { base: '6', tablet: '10' }, alignItems: 'center' }), layout)}>
        {children}
      </ContainerGrid>
    </div>
  );
}

const heroHeading = css({
  fontSize: { base: '2xl', tablet: '4xl' },
  fontWeight: 'extrabold',
  letterSpacing: 'tight',
  lineHeight: '1.15',
});

/**
 * The page's h1 (the course title, isolated for right-to-left) and the lead line under it;
 * `leadDir="auto"` when the lead is an educator's text, so it takes its own paragraph direction.
 */
export function HeroTitle({ title, lead, leadDir }: { title: string; lead: ReactNode; leadDir?: 'auto' }) {
  return (
    <>
      <h1 className={heroHeading}>
        <bdi>{title}</bdi>
      </h1>
      <p dir={leadDir} className={css({ fontSize: { base: 'md', tablet: 'lg' }, color: 'fg.muted' })}>
        {lead}
      </p>
    </>
  );
}

/**
 * The page's body under the {@link HeroBand}: a grid in the page's container, one column on phones;
 * `layout` gives its wider columns and its padding.
 */
export function PageColumns({ layout, children }: { layout: string; children: ReactNode }) {
  return (
    <ContainerGrid layout={cx(css({ gap: { base: '8', desktop: '12' }, alignItems: 'start' }), layout)}>
      {children}
    </ContainerGrid>
  );
}

/** One fact of a course in a list of facts: an icon (decorative) and a short text. */
export function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className={iconFact}>
      <span aria-hidden className={css({ color: 'primary.strong', display: 'inline-flex' })}>
        {icon}
      </span>
      {children}
    </li>
  );
}
