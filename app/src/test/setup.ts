// jest-dom's matchers (toBeInTheDocument, toHaveValue, ...) on vitest's expect.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// vitest does not run testing-library's auto-cleanup (no globals): unmount after each test.
afterEach(() => {
  cleanup();
});
