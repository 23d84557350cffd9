import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BusinessSettingsPage } from '@/features/business/pages/business-settings-page';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

const settings = {
  legalName: 'Gavel',
  trn: null,
  address: 'United Arab Emirates',
  phone: null,
  email: null,
  vatRate: 5,
  paymentWindowHours: 48,
  freeStorageDays: 3,
  invoicePrefix: 'INV',
  bankName: null,
  bankAccountName: null,
  iban: null,
  promoQuietFrom: '21:00',
  promoQuietUntil: '08:00',
  promoOptOutEn: 'To opt out send B AD-GAVEL to 7726',
  promoOptOutAr: 'لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726',
  approvalDeadlineTime: '17:00',
  updatedAt: '2031-05-01T06:00:00Z',
};

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(grants) }, 'GET /api/business/settings': { body: settings }, ...api });
  renderWithProviders(<BusinessSettingsPage />, { path: '/business-settings' });
  return { fetch, user: userEvent.setup() };
}

const putBody = (fetch: ReturnType<typeof mockFetch>) => {
  const index = fetch.mock.calls.findLastIndex(([url, init]) => url === '/api/business/settings' && init?.method === 'PUT');
  return index < 0 ? undefined : sentRequest(fetch, index).body;
};

describe('/business-settings', () => {
  it('shows the settings and says that changes apply to invoices issued later', async () => {
    setup();
    expect(await screen.findByLabelText('Legal name')).toHaveValue('Gavel');
    expect(screen.getByLabelText('VAT rate')).toHaveValue('5.00');
    expect(screen.getByLabelText('Payment window')).toHaveValue('48');
    expect(screen.getByLabelText('Free storage')).toHaveValue('3');
    expect(screen.getByLabelText('Invoice prefix')).toHaveValue('INV');
    expect(screen.getByText(/Changes apply to invoices issued after you save them/)).toBeInTheDocument();
    expect(screen.getByText('Last changed 01/05/2031 10:00')).toBeInTheDocument();
  });

  it('saves every field, the prefix in capitals', async () => {
    const saved = { ...settings, legalName: 'Emirates Motor Auctions LLC', trn: '100234567890003', invoicePrefix: 'EMA', updatedAt: '2031-05-02T06:00:00Z' };
    const { fetch, user } = setup({ 'PUT /api/business/settings': { body: saved } });
    const name = await screen.findByLabelText('Legal name');
    await waitFor(() => expect(name).toBeEnabled());
    await user.clear(name);
    await fill(user, name, 'Emirates Motor Auctions LLC');
    await fill(user, screen.getByLabelText('TRN'), '100 2345 6789 0003');
    const prefix = screen.getByLabelText('Invoice prefix');
    await user.clear(prefix);
    await fill(user, prefix, 'ema');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(putBody(fetch)).toEqual({
      legalName: 'Emirates Motor Auctions LLC',
      trn: '100 2345 6789 0003',
      address: 'United Arab Emirates',
      phone: null,
      email: null,
      vatRate: '5.00',
      paymentWindowHours: 48,
      freeStorageDays: 3,
      invoicePrefix: 'EMA',
      bankName: '',
      bankAccountName: '',
      iban: '',
      promoQuietFrom: '21:00',
      promoQuietUntil: '08:00',
      promoOptOutEn: 'To opt out send B AD-GAVEL to 7726',
      promoOptOutAr: 'لإلغاء الاشتراك أرسل B AD-GAVEL إلى 7726',
      approvalDeadlineTime: '17:00',
    });
    await waitFor(() => expect(screen.getByLabelText('TRN')).toHaveValue('100234567890003'));
    expect(screen.getByText('Last changed 02/05/2031 10:00')).toBeInTheDocument();
  });

  it('saves how to pay, printed on the tax invoice: the bank, the account name and the IBAN (its shape checked first)', async () => {
    const saved = { ...settings, bankName: 'Emirates NBD', bankAccountName: 'Gavel LLC', iban: 'AE070331234567890123456' };
    const { fetch, user } = setup({ 'PUT /api/business/settings': { body: saved } });
    const bank = await screen.findByLabelText('Bank');
    await waitFor(() => expect(bank).toBeEnabled());
    expect(screen.getByRole('heading', { name: 'How to pay' })).toBeInTheDocument();
    await fill(user, bank, 'Emirates NBD');
    await fill(user, screen.getByLabelText('Account name'), 'Gavel LLC');
    await fill(user, screen.getByLabelText('IBAN'), 'AE07 0331');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Enter the IBAN as the bank gives it/)).toBeInTheDocument();
    expect(putBody(fetch)).toBeUndefined();
    await fill(user, screen.getByLabelText('IBAN'), ' 2345 6789 0123 456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(putBody(fetch)).toMatchObject({ bankName: 'Emirates NBD', bankAccountName: 'Gavel LLC', iban: 'AE070331234567890123456' });
    await waitFor(() => expect(screen.getByLabelText('IBAN')).toHaveValue('AE07 0331 2345 6789 0123 456'));
  });

  it('saves the opt-out texts of promotional SMS in English and Arabic (right to left), each required and at most 100 characters', async () => {
    const english = 'To stop promotions send B AD-GAVEL to 7726';
    const arabic = 'لإيقاف العروض أرسل B AD-GAVEL إلى 7726';
    const { fetch, user } = setup({ 'PUT /api/business/settings': { body: { ...settings, promoOptOutEn: english, promoOptOutAr: arabic } } });
    const optOutEn = await screen.findByLabelText('Opt-out text of promotional SMS (English)');
    await waitFor(() => expect(optOutEn).toBeEnabled());
    expect(optOutEn).toHaveValue(settings.promoOptOutEn);
    expect(screen.getByRole('heading', { name: 'Promotions' })).toBeInTheDocument();
    expect(screen.getByLabelText('Quiet from')).toHaveValue('21:00');
    expect(screen.getByLabelText('Quiet until')).toHaveValue('08:00');
    const optOutAr = screen.getByLabelText('Opt-out text of promotional SMS (Arabic)');
    expect(optOutAr).toHaveAttribute('dir', 'rtl');
    expect(optOutAr).toHaveAttribute('maxlength', '100');

    await user.clear(optOutEn);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the opt-out text, at most 100 characters.')).toBeInTheDocument();
    expect(putBody(fetch)).toBeUndefined();

    await fill(user, optOutEn, english);
    await user.clear(optOutAr);
    await fill(user, optOutAr, arabic);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved')).toBeInTheDocument();
    expect(putBody(fetch)).toMatchObject({ promoQuietFrom: '21:00', promoQuietUntil: '08:00', promoOptOutEn: english, promoOptOutAr: arabic });
  });

  it('shows the server’s refusal of an opt-out text at its field', async () => {
    const refusal = 'The opt-out text is 101 characters; it may have at most 100.';
    const { user } = setup({ 'PUT /api/business/settings': { status: 422, body: { message: refusal, errors: [{ field: 'promoOptOutAr', message: refusal }] } } });
    const optOutAr = await screen.findByLabelText('Opt-out text of promotional SMS (Arabic)');
    await waitFor(() => expect(optOutAr).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(optOutAr.closest('.ant-form-item') as HTMLElement).findByText(refusal)).toBeInTheDocument();
  });

  it('shows the deadline of sales on approval (Dubai time), sends it with the rest and shows the server’s refusal at it', async () => {
    const refusal = 'The deadline is a time of day, HH:MM, between 08:00 and 22:00.';
    const { fetch, user } = setup({ 'PUT /api/business/settings': { status: 422, body: { message: refusal, errors: [{ field: 'approvalDeadlineTime', message: refusal }] } } });
    const deadline = await screen.findByLabelText('Seller answers by');
    await waitFor(() => expect(deadline).toBeEnabled());
    expect(screen.getByRole('heading', { name: 'Sales on approval' })).toBeInTheDocument();
    expect(deadline).toHaveValue('17:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(deadline.closest('.ant-form-item') as HTMLElement).findByText(refusal)).toBeInTheDocument();
    expect(putBody(fetch)).toMatchObject({ approvalDeadlineTime: '17:00' });
  });

  it('checks the TRN before sending and shows the server’s refusals at their fields', async () => {
    const { fetch, user } = setup({
      'PUT /api/business/settings': {
        status: 422,
        body: {
          message: 'Some fields are not valid.',
          errors: [
            { field: 'paymentWindowHours', message: 'The payment window is 1 to 720 hours.' },
            { field: 'phone', message: 'Enter a valid phone number, for example +971 50 123 4567.' },
          ],
        },
      },
    });
    await waitFor(async () => expect(await screen.findByLabelText('TRN')).toBeEnabled());
    await fill(user, screen.getByLabelText('TRN'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A TRN (Tax Registration Number) has 15 digits.')).toBeInTheDocument();
    expect(putBody(fetch)).toBeUndefined();

    await user.clear(screen.getByLabelText('TRN'));
    await fill(user, screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The payment window is 1 to 720 hours.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number, for example +971 50 123 4567.')).toBeInTheDocument();
  });

  it('is read-only without the Settings edit privilege', async () => {
    setup({}, { Settings: ['view'] });
    expect(await screen.findByLabelText('Legal name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
