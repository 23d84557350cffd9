import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { errorMessage } from '@/lib/error-message';

describe('error message', () => {
  it("prefers the server's message", () => {
    const error = new ApiError(401, { message: 'Invalid email or password', errors: [] });
    expect(errorMessage(error, 'Login failed')).toBe('Invalid email or password');
  });

  it("falls back to the client's message", () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Failed to fetch');
  });

  it('falls back to the given text when neither has one', () => {
    expect(errorMessage(new ApiError(500, undefined), 'Logout failed')).toBe('Logout failed');
    expect(errorMessage(new ApiError(502, '<html>Bad gateway</html>'), 'Logout failed')).toBe('Logout failed');
    expect(errorMessage(null, 'Session termination failed')).toBe('Session termination failed');
    expect(errorMessage({ message: '   ' }, 'Failed to reset password')).toBe('Failed to reset password');
  });
});
