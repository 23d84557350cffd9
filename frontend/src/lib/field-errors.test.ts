import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { matchFieldErrors, toFieldPath } from '@/lib/field-errors';

describe('server field errors', () => {
  it('reads nested field names as form name paths', () => {
    expect(toFieldPath('schedule.0.close')).toEqual(['schedule', 0, 'close']);
  });

  it('groups the errors of known fields and flags the rest', () => {
    const error = new ApiError(422, {
      message: 'Some fields are not valid.',
      errors: [
        { field: 'email', message: 'Taken' },
        { field: 'schedule.2.close', message: 'Too early' },
        { field: 'body', message: 'Odd' },
      ],
    });
    const match = matchFieldErrors(error, [['email'], ['schedule', 2, 'close']]);
    expect(match.fields).toEqual([
      { name: ['email'], errors: ['Taken'] },
      { name: ['schedule', 2, 'close'], errors: ['Too early'] },
    ]);
    expect(match.unmatched).toBe(true);
  });

  it('has nothing for the form when the answer has no field errors', () => {
    expect(matchFieldErrors(new ApiError(409, { message: 'Conflict' }), [['email']])).toEqual({ fields: [], unmatched: true });
    expect(matchFieldErrors(new Error('offline'), [['email']]).unmatched).toBe(true);
  });
});
