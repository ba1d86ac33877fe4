import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from '@/components/ui/email-address';

describe('EmailAddress', () => {
  it('may wrap after the @ and before each dot, and reads and copies as the address', () => {
    const { container } = render(<EmailAddress email="first.last@training.qad.example" />);
    const span = container.querySelector('span')!;
    expect(span.textContent).toBe('first.last@training.qad.example');
    expect(span.getAttribute('dir')).toBe('ltr');
    // The break opportunities, in order: the text between them is never split by a <wbr>.
    const pieces = span.innerHTML.split('<wbr>');
    expect(pieces).toEqual(['first', '.last@', 'training', '.qad', '.example']);
  });

  it('shows a value without an @ as it is', () => {
    const { container } = render(<EmailAddress email="not-an-address" />);
    expect(container.querySelector('span')!.innerHTML).toBe('not-an-address');
  });
});
