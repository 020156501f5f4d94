import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Badge } from '@/components/ui/badge';

test('component tests render React in happy-dom', () => {
  render(<Badge>hello</Badge>);
  expect(screen.getByText('hello').tagName).toBe('SPAN');
});
