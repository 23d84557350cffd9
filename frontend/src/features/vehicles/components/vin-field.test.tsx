import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { VinField } from '@/features/vehicles/components/vin-field';
import { mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

const decoded = (fields: Record<string, unknown>) => ({ vinNumber: '1HGCM82633A004352', valid: true, message: null, make: 'Honda', country: 'United States', year: 2003, duplicate: false, ...fields });

function setup(answer: Record<string, unknown>, ownVin?: string, onFinish = vi.fn()) {
  mockFetch({ 'POST /api/vehicles/decode-vin': { body: decoded(answer) } });
  renderWithProviders(
    <Form onFinish={onFinish}>
      <VinField ownVin={ownVin} />
      <button type="submit">Save</button>
    </Form>,
  );
  return userEvent.setup();
}

describe('VinField', () => {
  it("shows the server's duplicate message as it is, naming the lot that has the VIN", async () => {
    const user = setup({ duplicate: true, message: 'Enter Unique Vin Number: Lot 1600 already has this VIN.', duplicateVehicleId: 'v1', duplicateLotNumber: 1600 });
    await fill(user, screen.getByLabelText('VIN'), '1hgcm82633a004352');
    expect(await screen.findByText('Enter Unique Vin Number: Lot 1600 already has this VIN.')).toBeInTheDocument();
  });

  it("falls back to SPEC.md's words when the server gives none", async () => {
    const user = setup({ duplicate: true, message: null });
    await fill(user, screen.getByLabelText('VIN'), '1HGCM82633A004352');
    expect(await screen.findByText('Enter Unique Vin Number')).toBeInTheDocument();
  });

  it("never calls the vehicle's own VIN a duplicate", async () => {
    const saved = vi.fn();
    const user = setup({ duplicate: true, message: 'Enter Unique Vin Number: Lot 1600 already has this VIN.' }, '1HGCM82633A004352', saved);
    await fill(user, screen.getByLabelText('VIN'), '1HGCM82633A004352');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ vinNumber: '1HGCM82633A004352' }));
    expect(screen.queryByText(/Enter Unique Vin Number/)).not.toBeInTheDocument();
  });
});
