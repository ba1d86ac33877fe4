import { describe, expect, it } from 'vitest';
import { brandContrasts as serverContrasts, themeContrastErrors } from '../../server/platform/theme-contrast';
import { brandContrasts, checkColour, checkTheme, DEFAULT_COLOURS } from '@machines/theme-editor.form';

/**
 * The theme editor warns and refuses exactly when the server would answer 400 (the
 * refusal holds on both sides): the same ratios for a sweep of colours, and the same verdict.
 */
describe('theme contrast rule (SPA and server agree)', () => {
  const sweep: string[] = [];
  for (let r = 0; r < 256; r += 51)
    for (let g = 0; g < 256; g += 51)
      for (let b = 0; b < 256; b += 51) {
        sweep.push(
          `#${[r, g, b]
            .map((v) => v.toString(16).padStart(2, '0'))
            .join('')
            .toUpperCase()}`,
        );
      }

  it('computes the same ratios and verdicts for 216 colours', () => {
    for (const hex of sweep) {
      expect({ hex, ratios: brandContrasts(hex) }).toEqual({ hex, ratios: serverContrasts(hex) });
      const refusedByServer =
        themeContrastErrors({ primaryColor: hex, secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' }).length > 0;
      expect({ hex, refused: checkColour(hex).problem === 'colour.unreadable' }).toEqual({
        hex,
        refused: refusedByServer,
      });
    }
  });

  it('finds white text on the yellow #FFFF00 unreadable and the product.md#limits defaults readable', () => {
    expect(checkColour('#FFFF00')).toMatchObject({ problem: 'colour.unreadable' });
    expect(checkColour('#FFFF00').ratio).toBeLessThan(4.5);
    expect(checkTheme({ ...DEFAULT_COLOURS, links: [] }).ok).toBe(true);
  });

  it('checks link names and URLs as the contract does', () => {
    const check = checkTheme({
      ...DEFAULT_COLOURS,
      links: [
        { name: 'website', url: 'https://a.example.org' },
        { name: 'Website', url: 'javascript:alert(1)' },
        { name: '', url: 'mailto:help@a.example.org' },
        { name: 'حساب', url: 'https://a.example.org' },
      ],
    });
    expect(check.links).toEqual([
      { name: 'link.nameDuplicate' },
      { name: 'link.nameDuplicate', url: 'link.urlInvalid' },
      { name: 'link.nameRequired' },
      { name: 'link.nameInvalid' },
    ]);
    expect(check.ok).toBe(false);
  });
});
