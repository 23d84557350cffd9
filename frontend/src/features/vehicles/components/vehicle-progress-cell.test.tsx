import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VehicleProgressCell, VehicleProgressTitle } from '@/features/vehicles/components/vehicle-progress-cell';
import { progressDone } from '@/features/vehicles/lib/progress-fields';
import { vehicle } from '@/features/vehicles/test/vehicle-fixture';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';

describe('vehicle steps', () => {
  it('says what was done, in the words of the step', () => {
    expect(progressDone('isReceived', 'true', 'Lot 1600')).toBe('Lot 1600 marked as received');
    expect(progressDone('isVehicleDeliveredBySeller', 'true', 'Lot 1600')).toBe('Lot 1600 marked as delivered by the seller');
    expect(progressDone('isInspection', 'inInspection', 'Lot 1600')).toBe('Lot 1600: inspection started');
    expect(progressDone('isInspection', 'completed', 'Lot 1600')).toBe('Lot 1600: inspection completed');
    expect(progressDone('isReturned', 'true', 'Lot 1600')).toBe('Lot 1600 marked as returned');
    expect(progressDone('isReleased', 'true', 'Lot 1600')).toBe('Lot 1600 marked as released');
  });

  it("labels the SVD dropdown with what SVD means and toasts 'Lot 1600 marked as delivered by the seller'", async () => {
    mockFetch({
      'GET /api/auth/me': { body: meWith(EVERYTHING) },
      'PUT /api/vehicles/update-vehicle-status/v1': { body: vehicle('v1', 1600, { isVehicleDeliveredBySeller: true }) },
    });
    renderWithProviders(<VehicleProgressCell field="isVehicleDeliveredBySeller" vehicle={vehicle('v1', 1600)} />);
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'SVD (delivered by the seller) of Lot 1600' });
    await pickOption(user, 'SVD (delivered by the seller) of Lot 1600', 'Delivered');
    expect(await screen.findByText('Lot 1600 marked as delivered by the seller')).toBeInTheDocument();
  });

  it('explains the SVD column header in a tooltip; other headers are their names', async () => {
    renderWithProviders(
      <p>
        <VehicleProgressTitle field="isVehicleDeliveredBySeller" /> <VehicleProgressTitle field="isReceived" />
      </p>,
    );
    const user = userEvent.setup();
    expect(screen.getByText('Received')).toBeInTheDocument();
    await user.hover(screen.getByText('SVD'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('SVD (delivered by the seller)');
  });
});
