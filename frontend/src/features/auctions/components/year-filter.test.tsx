import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { YearFilter } from '@/features/auctions/components/year-filter';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

describe('YearFilter', () => {
  it('filters by a whole year as typed; anything else is kept, says why and leaves the filter as it was', async () => {
    const onChange = vi.fn();
    renderWithProviders(<YearFilter label="Year from" value={null} onChange={onChange} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Year from');
    await fill(user, field, '2O12');
    await user.tab();
    expect(await screen.findByText('Type a number with digits only, for example 1900.')).toBeInTheDocument();
    expect(field).toHaveValue('2O12');
    await user.clear(field);
    await fill(user, field, '2012.5');
    await user.tab();
    expect(await screen.findByText('Type a whole number, without a decimal point.')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(onChange).not.toHaveBeenCalledWith(2012.5);
    await user.clear(field);
    await fill(user, field, '2012');
    expect(onChange).toHaveBeenLastCalledWith(2012);
  });
});
