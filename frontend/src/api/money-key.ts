/**
 * Every query of invoices and payments starts with this key. Money moves both at once (a payment recorded against
 * an invoice changes its pending amount, a verification its state), so every money change invalidates it whole.
 */
export const moneyKey = ['money'] as const;
