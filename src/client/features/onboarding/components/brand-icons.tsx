import { faChrome } from '@fortawesome/free-brands-svg-icons/faChrome';
import { faInstagram } from '@fortawesome/free-brands-svg-icons/faInstagram';
import { faSlack } from '@fortawesome/free-brands-svg-icons/faSlack';
import type { SVGProps } from 'react';

/** A Font Awesome icon definition (every brand icon file exports one). */
type IconDefinition = typeof faSlack;

/** The props a step icon takes: the ones lucide icons take that we use. */
export type BrandIconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/**
 * A component drawing one brand mark of Font Awesome's free brand set (each imported on its own, so only these three
 * marks are bundled). Drawn in `currentColor` (or `color`), sized by `className` like the lucide icons beside it.
 * @param definition the Font Awesome icon definition (viewBox width and height, SVG path)
 * @param brand the brand's name, kept as `data-brand` so tests and styles can tell the marks apart
 */
function brandIcon(definition: IconDefinition, brand: string) {
  const [width, height, , , path] = definition.icon;
  function BrandIcon({ color, ...props }: BrandIconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${width} ${height}`}
        fill={color ?? 'currentColor'}
        data-brand={brand}
        {...props}
      >
        {typeof path === 'string' ? <path d={path} /> : path.map((d: string) => <path key={d} d={d} />)}
      </svg>
    );
  }
  BrandIcon.displayName = `BrandIcon(${brand})`;
  return BrandIcon;
}

/** Google Chrome's mark. */
export const ChromeMark = brandIcon(faChrome, 'chrome');
/** Slack's mark. */
export const SlackMark = brandIcon(faSlack, 'slack');
/** Instagram's mark. */
export const InstagramMark = brandIcon(faInstagram, 'instagram');
