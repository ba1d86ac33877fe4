import { describe, expect, it } from 'vitest';
import { loginSchema, signUpSchema, validate } from '../../src/features/auth/validation';

const ok = { firstName: ' Lina ', lastName: 'Kassem', email: ' lina@halaqa.test ', password: 'Str0ng!pass' };

describe('auth form rules (product.md#validation)', () => {
  it('accepts a valid sign-up and trims names and e-mail (not the password)', () => {
    expect(validate(signUpSchema, ok)).toEqual({
      ok: true,
      value: { firstName: 'Lina', lastName: 'Kassem', email: 'lina@halaqa.test', password: 'Str0ng!pass' },
    });
  });

  it('e-mail: one @ and a top-level domain of 2+ letters', () => {
    for (const email of ['a@b.co', 'first.last+tag@sub.example.org'])
      expect(validate(loginSchema, { email, password: 'x' }).ok).toBe(true);
    for (const email of ['a@b', 'a@b.c', 'a@@b.co', 'a b@c.co', 'a@b.c0', '@b.co']) {
      expect(validate(loginSchema, { email, password: 'x' })).toEqual({
        ok: false,
        errors: { email: 'email.invalid' },
      });
    }
  });

  it('password policy: ≥ 8 characters with lower, upper, digit and special, first failing rule reported', () => {
    const code = (password: string) => {
      const r = validate(signUpSchema, { ...ok, password });
      return r.ok ? null : r.errors.password;
    };
    expect(code('')).toBe('required');
    expect(code('Ab1!')).toBe('password.tooShort');
    expect(code('ABCDEFG1!')).toBe('password.lower');
    expect(code('abcdefg1!')).toBe('password.upper');
    expect(code('Abcdefgh!')).toBe('password.digit');
    expect(code('Abcdefgh1')).toBe('password.special');
    expect(code('Abcdefg1!')).toBeNull();
  });

  it('reports every empty field as required', () => {
    expect(validate(signUpSchema, { firstName: ' ', lastName: '', email: '', password: '' })).toEqual({
      ok: false,
      errors: { firstName: 'required', lastName: 'required', email: 'required', password: 'required' },
    });
  });
});
